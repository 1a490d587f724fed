"""A cheap look at TOML text before any parser sees it: how deeply it nests and how long its numbers are.

The standard parser builds a dict level for every part of a dotted key and a frame for every open
bracket: a 32 KB spec of one key 16,000 parts deep takes it seconds and a gigabyte. This scan reads
each character once, keeps only a stack of open brackets, and stops at the first line beyond a limit.
"""

from __future__ import annotations

MAX_NESTING = 32  # levels of tables, dotted key parts, arrays and inline tables together
MAX_DIGITS = 30  # digits of one number (more than any int or float a spec can use)


class TooDeep(Exception):
    """Text beyond a limit: `line` (from 1) and the reason, with the limit, in words."""

    def __init__(self, line: int, reason: str, key: str | None = None) -> None:
        super().__init__(reason)
        self.line = line
        self.reason = reason
        self.key = key  # the key the line sets, where it is on the same line

    @property
    def where(self) -> str:
        return f"{self.key} (line {self.line})" if self.key else f"line {self.line}"


def scan(text: str) -> None:
    """Raise TooDeep at the first line whose nesting or number length is beyond the limits."""
    line = 1
    stack: list[tuple[str, int]] = []  # per open '[' or '{' of a value: it, and the key parts outside it
    table_depth = 0  # parts of the last [table] header
    key_parts = 1  # parts of the key being read
    in_key = True  # reading a key (at a statement's start, or inside an inline table before '=')
    header: int | None = None  # parts of a [table] header being read
    digits = 0
    i, n = 0, len(text)

    too_deep = (f"nested more than {MAX_NESTING} levels deep (tables, dotted keys and arrays together "
                f"nest at most {MAX_NESTING} levels)")

    def check_depth() -> None:
        if table_depth + sum(parts for _, parts in stack) + len(stack) + key_parts > MAX_NESTING:
            raise TooDeep(line, too_deep)

    while i < n:
        char = text[i]
        if char in "\"'":
            end = _string_end(text, i, char, text.startswith(char * 3, i))
            line += text.count("\n", i, end)
            i, digits = end, 0
            continue
        if char == "#":
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        if char == "\n":
            line += 1
            if not stack:
                in_key, key_parts, header = True, 1, None
            i, digits = i + 1, 0
            continue
        if char.isdigit() and not in_key and header is None:
            digits += 1
            if digits > MAX_DIGITS:
                raise TooDeep(line, f"a number of more than {MAX_DIGITS} digits (at most {MAX_DIGITS})",
                              _key_of_line(text, i))
        elif char != "_":
            digits = 0
        if header is not None:
            if char == ".":
                header += 1
                if header > MAX_NESTING:
                    raise TooDeep(line, too_deep)
            elif char == "]":
                table_depth, header, in_key = header, None, False
        elif in_key:
            if char == "[" and not stack and key_parts == 1 and _at_line_start(text, i):
                header = 1
                i += 2 if text.startswith("[[", i) else 1
                continue
            if char == ".":
                key_parts += 1
                check_depth()
            elif char == "=":
                in_key = False
            elif char == "}" and stack:  # an empty inline table, or a trailing comma
                key_parts = stack.pop()[1]
                in_key = False
        elif char in "[{":
            stack.append((char, key_parts))
            key_parts = 1 if char == "{" else 0
            in_key = char == "{"
            check_depth()
        elif char in "]}" and stack:
            key_parts = stack.pop()[1]
        elif char == "," and stack and stack[-1][0] == "{":
            in_key, key_parts = True, 1
        i += 1


def _key_of_line(text: str, i: int) -> str | None:
    """The key set on the line of index `i` (the text before its '='), if it is short and plain."""
    before = text[text.rfind("\n", 0, i) + 1:i]
    key = before.split("=", 1)[0].strip() if "=" in before else ""
    return key if key and len(key) <= 100 and key.replace("_", "").replace("-", "").replace(".", "").isalnum() \
        else None


def _at_line_start(text: str, i: int) -> bool:
    start = text.rfind("\n", 0, i) + 1
    return not text[start:i].strip()


def _string_end(text: str, i: int, quote: str, triple: bool) -> int:
    """The index just past the string starting at `i` (or the end of the text if it never closes)."""
    closing = quote * 3 if triple else quote
    j = i + len(closing)
    while j < len(text):
        char = text[j]
        if quote == '"' and char == "\\":
            j += 2
            continue
        if not triple and char == "\n":
            return j  # an unclosed one-line string: the parser names it
        if text.startswith(closing, j):
            j += len(closing)
            while triple and j < len(text) and text[j] == quote:  # up to two quotes may end the content
                j += 1
            return j
        j += 1
    return j
