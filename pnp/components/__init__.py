"""Components that do not belong to one game (the printer check); games add their own."""
