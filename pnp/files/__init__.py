"""Every file pnp reads or writes goes through this package, one module a job.

- `oserrors`: an OSError as one line naming the path, never a traceback.
- `inputs`: the files a command reads (no output may replace them) and the folders it creates
  (removed again when it fails).
- `targets`: a target is checked before anything is written: a device, FIFO or socket is refused, a
  symlink is written through to the file it names (the link itself stays), a folder or an input of
  this run (the spec, the records) is refused. `-` means standard output.
- `atomic`: a file is written to a temporary file beside it, then renamed: never half-written; a set
  of files is renamed in only when all of them are on disk.
- `folders`: a kit folder is built beside the old one and swapped in with one atomic rename; leftovers
  of an interrupted run are removed by the next one.
- `sets`: several folders and files replaced as one, through a journal (`journal`) that the next run
  completes if a run was stopped among its renames.
- `reading`: inputs read without blocking on what is not a file, line by line with a limit.
"""
