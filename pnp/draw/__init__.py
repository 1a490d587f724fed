"""Drawing layer: paper, millimetres, primitives, fonts and three renderers.

Knows no game. Renderers (svg, pdf, png, render) are separate modules imported on demand so
that importing the scene model stays cheap (the CLI's --help must not load reportlab or cairo).
"""
