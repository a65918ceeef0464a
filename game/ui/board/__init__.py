"""How the board is drawn: art, sprites, the board view, animation and still boards."""
