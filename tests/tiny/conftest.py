# high_card.py is the source of a package tests/test_tiny_game.py installs in a temporary folder;
# importing it here (pytest's doctest collection would) would register its game for every test.
collect_ignore = ["high_card.py"]
