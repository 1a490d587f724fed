"""Players shared by every game: the strength levels people choose from, what a seat may see of a
game, and the search that the strongest level runs on each game's own moves and playouts."""
