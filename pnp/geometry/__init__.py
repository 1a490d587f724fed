"""Pure grid maths: no games, no drawing."""
