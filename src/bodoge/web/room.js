// The room: seats before the start, then the table, drawn from the server's state frames alone.
// Moves are offered only from `legal`; a compound move is built with `choices` frames (nothing is
// applied until it is confirmed) and sent whole with the last seq seen, so a double click cannot
// play twice. While the connection is lost a banner says so and the moves are shown but not
// offered: nothing is kept to send later (its seq would be stale by then).
// This file is the page's entry point; its parts are the modules of room/, in the order this one
// file had them (state.js, seat-link.js, connection.js, moves.js, seats.js, replay.js, result.js,
// focus.js, drawing.js). They call one another (an import cycle): while they load, a module may
// use only state.js's bindings and the others' function declarations (their consts are not there
// yet).
import { loadMessages } from "./ui.js";
import { S } from "./room/state.js";
import { takeLink, takeTokenFromAddress } from "./room/seat-link.js";
import { connect } from "./room/connection.js";
import { openAskedReplay } from "./room/replay.js";
import { draw } from "./room/drawing.js";

window.bodoge = S; // for browser scripts and tests: what the page last received
const linked = S.noRoom ? null : takeTokenFromAddress();
await loadMessages();
draw();
if (!S.noRoom) {
  await takeLink(linked);
  connect();
}
openAskedReplay();
