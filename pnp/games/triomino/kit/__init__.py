"""The printed Triomino kit: tile sheets with backs, the score sheet, the rules sheet, report art."""
