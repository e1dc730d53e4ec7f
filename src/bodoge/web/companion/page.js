// The one page of both companions: /companion/{game}[/{room}] loads that game's module.
const game = location.pathname.split("/").filter(Boolean)[1];
document.body.classList.add(game);
import(`/static/companion/${encodeURIComponent(game)}.js`);
