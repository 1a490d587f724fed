"""The printed Zatre kit: board, pip tiles, score block and rules sheet, one module each.

Every component is `(model, ctx) -> list[Page]`; they are imported only when a kit is drawn.
"""
