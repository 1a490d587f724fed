"""The `pnp` command's entry point: `pnp --help`, `pnp --version` and `pnp COMMAND --help` are answered
from a copy of what the command line printed for them before, without importing click or the games;
every other command line goes to the command line (pnp.cli) unchanged.

A copy is kept in the `answers` folder of pnp's cache folder (pnp.usercache), one file per command
line, terminal width and environment, and used only while everything it was made from is unchanged. Its key holds the
command line, the terminal's width (COLUMNS), the language settings, standard output's encoding,
Python's version, flags and warning options, and sys.path with its folders' modification times
(which change when a distribution, a game plugin among them, is installed or removed, and which
decide what the plugin index holds). Its stamps are every file the command read or imported (pnp's
sources, click's, the plugins') and every folder it listed, each with its inode, size and times; a
file that was missing must still be missing (a translation catalogue, say). A copy is written only
when the command exited with 0, printed nothing on standard error (a plugin left out is named there,
so with one installed the command runs every time) and no ANSI codes (click strips those off a
pipe, not off a terminal).

Whatever goes wrong with the cache (a folder that cannot be written, a file cut short, changed,
planted by another user or replaced by a link) only means the command line runs, as without one.
"""

from __future__ import annotations

import codecs
import os
import stat
import sys
from zlib import crc32

from pnp.terminal import terminal_columns
from pnp.usercache import FIELD, cache_folder, environment_tag, fingerprint

FORMAT = "pnp answer 1"
ANSWERS = "answers"  # the copies' own folder in the cache folder, which only the user may enter
MAX_BYTES = 1 << 20  # far above any help text: a larger file is not one of these
HELP = ("-h", "--help")
VERSION = ("-V", "--version")
LANGUAGE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")  # what gettext reads, in its order
COMPLETION_VARIABLE = "_PNP_COMPLETE"  # click's shell completion: always the command line's


def main() -> None:
    args = sys.argv[1:]
    key = answer_key(args)
    path = answer_path(args) if key is not None else None
    if key is None or path is None:
        _command_line()
        return
    text = cached_answer(path, key)
    if text is None or not _print(text):
        _command_line_kept(path, key)


def answerable(args: list[str]) -> bool:
    """`--help`, `--version` (either spelling) or `WORD --help`: what a copy may answer."""
    if len(args) == 1:
        return args[0] in HELP or args[0] in VERSION
    word = args[0] if len(args) == 2 and args[1] in HELP else ""
    return word[:1].isalpha() and word.isascii() and word.replace("-", "").isalnum()


def answer_key(args: list[str]) -> str | None:
    """Everything besides the files that decides the answer, on one line; None: no copy may answer."""
    if os.name != "posix" or not answerable(args) or os.environ.get(COMPLETION_VARIABLE):
        return None
    out = sys.stdout
    encoding = getattr(out, "encoding", None)
    try:
        utf8 = codecs.lookup(encoding).name == "utf-8"  # type: ignore[arg-type]
    except (LookupError, TypeError):
        utf8 = False
    paths = fingerprint()
    if not utf8 or paths is None:
        return None
    parts = [" ".join(args), str(terminal_columns()), f"{encoding}:{getattr(out, 'errors', None)}",
             *(os.environ.get(name) or "" for name in LANGUAGE_VARIABLES),
             sys.version, sys.executable, sys.prefix, repr(sys.flags), repr(sys.warnoptions),
             repr(sorted(sys._xoptions.items())), paths]
    key = FIELD.join(parts)
    return None if "\n" in key or "\r" in key else key


def answer_path(args: list[str]) -> str | None:
    folder = cache_folder()
    if folder is None:
        return None
    return os.path.join(folder, ANSWERS, f"{environment_tag(' '.join(args), str(terminal_columns()))}.txt")


def stamp(path: str) -> str:
    """A file's or folder's identity and times, or '-' where it is missing."""
    try:
        found = os.stat(path)
    except OSError:
        return "-"
    return f"{found.st_ino}.{found.st_size}.{found.st_mtime_ns}.{found.st_ctime_ns}"


def _own_folder(folder: str) -> bool:
    """The copies' folder is the user's, and only the user may enter it (it is made so)."""
    try:
        found = os.lstat(folder)
    except OSError:
        return False
    return stat.S_ISDIR(found.st_mode) and found.st_uid == os.getuid() and not found.st_mode & 0o077


def _read_own(path: str) -> bytes | None:
    """The file's bytes if it is a plain file of the user's that only the user may read and write, in
    the user's own folder; no link is followed and no pipe waited on."""
    if not _own_folder(os.path.dirname(path)):
        return None
    try:
        handle = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return None
    try:
        found = os.fstat(handle)
        if (not stat.S_ISREG(found.st_mode) or found.st_uid != os.getuid() or found.st_mode & 0o077
                or found.st_size > MAX_BYTES):
            return None
        data = b""
        while len(data) <= MAX_BYTES and (chunk := os.read(handle, MAX_BYTES + 1 - len(data))):
            data += chunk  # a file still growing stops here, too large
    except OSError:
        return None
    finally:
        os.close(handle)
    return data if len(data) <= MAX_BYTES else None


def cached_answer(path: str, key: str) -> str | None:
    """The kept answer for `key`, if its file is whole and every file it was made from is unchanged."""
    data = _read_own(path)
    if data is None:
        return None
    head, _, body = data.partition(b"\n")
    if head != f"{FORMAT} {crc32(body):08x}".encode():
        return None
    try:
        kept_key, count, rest = body.decode("utf-8", "surrogateescape").split("\n", 2)
        lines = rest.split("\n", int(count))
    except ValueError:
        return None
    if kept_key != key or len(lines) != int(count) + 1:
        return None
    for line in lines[:-1]:
        kept, _, file = line.partition(FIELD)
        if not file or stamp(file) != kept:
            return None
    return lines[-1] or None


def _print(text: str) -> bool:
    """Write the answer to standard output as the command line would; False where nothing could be
    written (the command line then runs and meets the same trouble in its own way)."""
    out = sys.stdout
    try:
        data = text.encode(out.encoding, out.errors)
        handle = out.fileno()
    except (AttributeError, OSError, ValueError, UnicodeError):
        return False
    written = 0
    try:
        while written < len(data):
            written += os.write(handle, data[written:])
    except BrokenPipeError:
        if not written:
            return False
        sys.exit(1)  # as click ends on a reader gone half-way
    except OSError:
        if not written:
            return False
        raise
    return True


def _write_all(handle: int, data: bytes) -> None:
    written = 0
    while written < len(data):
        written += os.write(handle, data[written:])


def _command_line() -> None:
    from pnp.cli import main as command_line

    command_line()


class _Recorder:
    """What a run of the command line read and printed, for the copy of its answer."""

    def __init__(self, folder: str) -> None:
        self.files: set[str] = set()
        self.out: list[str] = []
        self.err: list[str] = []
        self.unsure = False  # something was read or written in a way the copy cannot vouch for
        self.recording = True
        self.search_path = {*sys.path, "", "."} if "" in sys.path else set(sys.path)
        self.index = os.path.join(os.path.dirname(folder), "plugins-")

    def audit(self, event: str, args: tuple) -> None:
        if not self.recording or event not in ("open", "os.listdir", "os.scandir"):
            return
        try:
            path = args[0]
            if event == "open":
                mode, flags = args[1], args[2]
                if (mode and any(letter in mode for letter in "wax+")) or flags & (os.O_WRONLY | os.O_RDWR):
                    return  # written, not read: it does not shape the answer
                if isinstance(path, int):
                    return  # a descriptor already open (a standard stream)
            path = os.fsdecode("." if path is None else path)
            if path.startswith(self.index):
                return  # the plugin index: what it holds follows from sys.path's times, in the key
            if os.path.isabs(path):
                self.files.add(path)
            elif path not in self.search_path:  # those are in the key, with their times
                self.unsure = True  # it would mean another file in another folder
        except Exception:
            self.unsure = True


class _Copying:
    """A standard stream that keeps a copy of the text written through it. Whoever reaches past it
    (its buffer or file descriptor) writes what the copy would miss, so that makes the run unsure."""

    _PAST = frozenset({"buffer", "detach", "fileno", "raw", "reconfigure"})

    def __init__(self, stream: object, copy: list[str], recorder: _Recorder) -> None:
        self._stream, self._copy, self._recorder = stream, copy, recorder

    @property
    def encoding(self) -> str:
        return self._stream.encoding  # type: ignore[attr-defined]

    @property
    def errors(self) -> str:
        return self._stream.errors  # type: ignore[attr-defined]

    def write(self, text: str) -> int:
        written = self._stream.write(text)  # type: ignore[attr-defined]
        if isinstance(text, str):
            self._copy.append(text)
        elif text:
            self._recorder.unsure = True
        return written

    def flush(self) -> None:
        self._stream.flush()  # type: ignore[attr-defined]

    def isatty(self) -> bool:
        return self._stream.isatty()  # type: ignore[attr-defined]

    def __getattr__(self, name: str) -> object:
        value = getattr(self._stream, name)
        if name in self._PAST:
            self._recorder.unsure = True
        return value


def _command_line_kept(path: str, key: str) -> None:
    """Run the command line, and keep a copy of its answer if it is one a copy can give."""
    recorder = _Recorder(os.path.dirname(path))
    sys.addaudithook(recorder.audit)  # stays for the rest of this process, which ends with the command
    out, err = sys.stdout, sys.stderr
    copying_out, copying_err = _Copying(out, recorder.out, recorder), _Copying(err, recorder.err, recorder)
    sys.stdout, sys.stderr = copying_out, copying_err  # type: ignore[assignment]
    try:
        _command_line()
    except SystemExit as ended:
        recorder.recording = False
        if ended.code in (0, None) and sys.stdout is copying_out and sys.stderr is copying_err:
            _keep(path, key, recorder)
        raise
    finally:
        recorder.recording = False
        # click replaces the streams when standard output is a closed pipe; those stay
        if sys.stdout is copying_out:
            sys.stdout = out
        if sys.stderr is copying_err:
            sys.stderr = err


def _catalogues() -> list[str]:
    """The translation catalogues gettext looked for (click's texts go through it), found or not."""
    gettext = sys.modules.get("gettext")
    if gettext is None:
        return []
    domain = gettext._current_domain
    folder = gettext._localedirs.get(domain) or gettext._default_localedir
    languages: list[str] = []
    for name in LANGUAGE_VARIABLES:
        if os.environ.get(name):
            languages = os.environ[name].split(":")
            break
    found = []
    for language in [*languages, "C"]:
        for expanded in gettext._expand_lang(language):
            if expanded == "C":
                return found
            found.append(os.path.join(folder, expanded, "LC_MESSAGES", f"{domain}.mo"))
    return found


def _keep(path: str, key: str, recorder: _Recorder) -> None:
    """Write the copy; where it cannot be written or vouched for, nothing is written."""
    text = "".join(recorder.out)
    if recorder.unsure or "".join(recorder.err) or not text or "\x1b" in text:
        return
    try:
        files = set(recorder.files) | set(_catalogues())
        for module in list(sys.modules.values()):
            file = getattr(module, "__file__", None)
            if isinstance(file, str):
                if not os.path.isabs(file):
                    return
                files.add(file)
        if any("\n" in file or "\r" in file or FIELD in file for file in files):
            return
        stamps = [f"{stamp(file)}{FIELD}{file}" for file in sorted(files)]
        body = "\n".join([key, str(len(stamps)), *stamps, text]).encode("utf-8", "surrogateescape")
    except Exception:  # gettext's private names gone, a name no line can hold: no copy
        return
    data = f"{FORMAT} {crc32(body):08x}\n".encode() + body
    folder = os.path.dirname(path)
    temporary = f"{path}.{os.getpid()}.tmp"
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)  # the mode is the last folder's: the copies'
        if not _own_folder(folder):
            return
        handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        try:
            _write_all(handle, data)
        finally:
            os.close(handle)
        os.replace(temporary, path)  # a concurrent start reads the old copy or the new one, never half
    except OSError:
        import contextlib  # only here: pnp starts without it

        with contextlib.suppress(OSError):
            os.unlink(temporary)
