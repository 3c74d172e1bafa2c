"""Run inside Pyodide (scripts/site/run_pyodide.mjs), at build time, by build_site.py.

1. Starts the Pyodide kernel's Python side as the page does (``import pyodide_kernel``) and
   runs every code cell of every lesson through its IPython shell, as voici will in the
   browser; a cell that raises fails the build (the lessons are checked on Pyodide's Python).
2. Rewrites the standard library zip and each wheel so that every module imported by (1) is
   bytecode (``.pyc``, compiled by this very Python) instead of source: the browser then
   skips compiling them at every page load. Modules nothing imported stay as source, so a
   module missed here still works, only slower.

    argv: <lessons folder> <python_stdlib.zip> <wheel folder> <report.json>
(host paths; the host's root is mounted at /host)
"""

import importlib._bootstrap_external as bootstrap
import json
import os
import sys
import zipfile
from pathlib import Path

HOST = Path("/host")
lessons, stdlib_zip, wheel_dir, report_path = (HOST / Path(a).relative_to("/") for a in sys.argv[1:5])

# Lesson 08's table would start working out its hand's net in steps (tiangow.coach.ahead), and
# the steps, timers of the event loop, would keep Node running after the last cell.
os.environ["TIANGOW_OPEN_AHEAD"] = "0"

import pyodide_kernel  # noqa: E402  (what the kernel imports before any cell runs)

shell = pyodide_kernel.ipython_shell
shell.send_comm = lambda *args, **kwargs: None  # no page to send widget messages to
publisher = shell.display_pub
publisher.display_data_callback = publisher.update_display_data_callback = lambda *args: None
publisher.clear_output_callback = lambda *args: None

failures = []
for notebook in sorted(lessons.glob("*.ipynb")):
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    for number, cell in enumerate(cells):
        if cell["cell_type"] != "code":
            continue
        result = shell.run_cell("".join(cell["source"]), store_history=False)
        error = result.error_before_exec or result.error_in_exec
        if error is not None:
            failures.append(f"{notebook.name} cell {number}: {type(error).__name__}: {error}")
    shell.reset(new_session=False)

if failures:
    print("\n".join(["lessons that fail in Pyodide:", *failures]), file=sys.stderr)
    raise SystemExit(1)

STDLIB = "/lib/python313.zip/"
SITE = "/lib/python3.13/site-packages/"
imported = {getattr(m, "__file__", None) for m in list(sys.modules.values())}
imported = {f for f in imported if isinstance(f, str) and f.endswith(".py")}


def compiled(data: bytes, name: str) -> bytes:
    code = compile(data, name, "exec", dont_inherit=True)
    return bytes(bootstrap._code_to_hash_pyc(code, b"\0" * 8, checked=False))


def rewrite(archive: Path, wanted: set[str]) -> int:
    """Replace the entries named in ``wanted`` by bytecode; return how many."""
    out = archive.with_suffix(".tmp")
    count = 0
    with zipfile.ZipFile(archive) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for item in src.infolist():
            data = src.read(item)
            if item.filename in wanted:
                info = zipfile.ZipInfo(item.filename + "c", date_time=item.date_time)
                dst.writestr(info, compiled(data, item.filename), zipfile.ZIP_DEFLATED)
                count += 1
            else:
                dst.writestr(item, data)
    out.replace(archive)
    return count


report = {"stdlib": rewrite(stdlib_zip, {f[len(STDLIB):] for f in imported if f.startswith(STDLIB)})}
site = {f[len(SITE):] for f in imported if f.startswith(SITE)}
for wheel in sorted(wheel_dir.glob("*.whl")):
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
    if names & site:
        report[wheel.name] = rewrite(wheel, names & site)
report_path.write_text(json.dumps(report, indent=1), encoding="utf-8")
print(f"compiled {sum(report.values())} modules to bytecode")
