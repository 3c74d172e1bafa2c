"""Build the course as a static website that runs Python in the browser (voici + Pyodide).

    python scripts/build_site.py --out _site

The folder it writes can be put on any static host (GitHub Pages, a school's web server, a
USB stick served by ``python -m http.server``): after the page loads, nothing is fetched from
anywhere but the site itself. What it does:

1. Pyodide's core (the npm package ``pyodide``, pinned below) and the Python wheels the
   kernel and the lessons import, downloaded from PyPI as pure wheels (pinned below), plus a
   wheel of tiangow built from this checkout; two empty placeholders (``sqlite3``, ``jedi``)
   that IPython imports only if present, so the kernel never asks the network for them.
2. A new ``pyodide-lock.json`` that lists exactly these wheels, all preloaded when the kernel
   starts (no micropip resolution, no PyPI fallback).
3. Every lesson run once in Pyodide under Node (scripts/site/): a cell that fails, fails the
   build; the modules that run imports are turned into bytecode in the standard library's
   zip and in the wheels, so the browser does not compile them at every page load; the
   Pygments lexers of other languages, never imported, are left out.
4. ``voici build`` of the lessons with the Pyodide kernel pointed at that folder, without
   source maps; then the pages are trimmed: Font Awesome's CDN links removed (nothing uses
   it: the widgets bundle the icons they need), the theme CSS every page embeds moved to
   shared files, the front page redirected to the course index, a tile as the tab's icon,
   JupyterLite's service worker replaced by one that declines to install (the kernel then
   runs without a file drive the lessons do not use), and what the pages never load removed:
   the other JupyterLite apps and voici's Vega-Lite and CodeMirror-grammar chunks.

Downloads are cached in ``--cache`` (default ``.site-cache/``), so a second build is offline.
Needs the ``[site]`` extra (``pip install -e ".[site]"``), ``node`` and ``npm``, and a route to
PyPI and the npm registry for the first build.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PYODIDE_VERSION = "0.29.0"  # what jupyterlite-pyodide-kernel 0.7.0 was built against
PYODIDE_CORE = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip")
PYODIDE_NODE = "pyodide.mjs"  # the module build-time steps load in Node (not shipped)

# Pure wheels the browser's Python imports, pinned (Pyodide 0.29 runs Python 3.13).
# IPython and its imports: the versions Pyodide 0.29's own lock lists.
KERNEL_WHEELS = {
    "ipython": "9.0.2",
    "asttokens": "3.0.0",
    "decorator": "5.2.1",
    "executing": "2.2.0",
    "matplotlib-inline": "0.1.7",
    "prompt-toolkit": "3.0.50",
    "pure-eval": "0.2.3",
    "pygments": "2.19.1",
    "six": "1.17.0",
    "stack-data": "0.6.3",
    "traitlets": "5.14.3",
    "wcwidth": "0.2.13",
    "typing-extensions": "4.15.0",
    "micropip": "0.11.0",
    "comm": "0.2.3",
    # The lessons' widgets (ipywidgets as the [ui] extra pins it).
    "ipywidgets": "8.1.9",
    "anywidget": "0.11.0",
    "psygnal": "0.16.1",
}
# IPython imports these only if they are there (history needs sqlite3, completion jedi):
# empty placeholders keep the kernel from fetching them.
PLACEHOLDERS = ("sqlite3", "jedi")
# The kernel's own wheels ship inside its JupyterLab extension.
KERNEL_EXTENSION = "@jupyterlite/pyodide-kernel-extension"
EXTENSION_WHEELS = ("pyodide_kernel", "piplite", "ipykernel", "widgetsnbextension-4")
# Front-end extensions the pages load (voici bundles the widget manager itself).
FRONT_END_EXTENSIONS = (KERNEL_EXTENSION, "anywidget")
# What the pages never request (checked by tests/browser/test_static_site.py, which fails on
# any request that is not answered).
PRUNE = ("build", "lab", "notebooks", "tree", "edit", "consoles", "repl", "doc", "files", "voici/tree",
         "api/translations", "jupyterlite.schema.v0.json", "jupyter-lite.ipynb", "bootstrap.js",
         "config-utils.js", "package.json", "icon-120x120.png", "icon-512x512.png", "static/favicons")


def log(message: str) -> None:
    print(f"[build_site] {message}", flush=True)


def run(cmd: list[str], **kwargs: object) -> None:
    log("+ " + " ".join(str(c) for c in cmd))
    subprocess.run(cmd, check=True, **kwargs)  # type: ignore[call-overload]


# -- 1. the files ---------------------------------------------------------------------------
def fetch_pyodide(cache: Path) -> Path:
    """Pyodide's core files, from the npm registry."""
    folder = cache / f"pyodide-{PYODIDE_VERSION}"
    files = (*PYODIDE_CORE, PYODIDE_NODE, "pyodide-lock.json")
    if all((folder / name).exists() for name in files):
        return folder
    with tempfile.TemporaryDirectory() as tmp:
        run(["npm", "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", tmp, "--silent"],
            stdout=subprocess.DEVNULL)
        (tgz,) = Path(tmp).glob("pyodide-*.tgz")
        folder.mkdir(parents=True, exist_ok=True)
        with tarfile.open(tgz) as tar:
            for name in files:
                member = tar.extractfile(f"package/{name}")
                assert member is not None, name
                (folder / name).write_bytes(member.read())
    return folder


def fetch_wheels(cache: Path) -> list[Path]:
    """The pinned pure wheels, from PyPI."""
    folder = cache / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    wanted = [f"{name}=={version}" for name, version in KERNEL_WHEELS.items()]
    missing = [w for w in wanted if not _find_wheel(folder, *w.split("=="))]
    if missing:
        run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
             "--platform", "any", "--python-version", "3.13", "--implementation", "py", "--abi", "none",
             "--dest", str(folder), *missing])
    return [_find_wheel(folder, *w.split("==")) or _missing(w) for w in wanted]


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()


def _find_wheel(folder: Path, name: str, version: str) -> Path | None:
    for path in folder.glob("*.whl"):
        dist, ver = path.name.split("-")[:2]
        if _norm(dist) == _norm(name) and ver == version:
            return path
    return None


def _missing(what: str) -> Path:
    raise SystemExit(f"no pure wheel of {what} was downloaded")


def build_tiangow_wheel(out: Path) -> Path:
    """A wheel of this checkout, built from a clean copy (a stale build/ cannot leak in). Its
    Python is pure (no setup.py, so no CPython extension, and none built in place is copied);
    the search's core comes as the WebAssembly module the package ships (``tiangow/ddcore.wasm``),
    which the browser runs (tiangow.wasmcore). The module's C++ source stays out: nothing
    compiles in the browser, and without it beside the module nothing checks its CRC."""
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "src"
        shutil.copytree(ROOT / "tiangow", src / "tiangow",
                        ignore=shutil.ignore_patterns("__pycache__", "*.so", "core"))
        if not (src / "tiangow" / "ddcore.wasm").is_file():
            raise SystemExit("tiangow/ddcore.wasm is missing: python scripts/build_wasm.py")
        for name in ("pyproject.toml", "README.md"):
            shutil.copy(ROOT / name, src / name)
        run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", str(src), "-w", str(out)],
            stdout=subprocess.DEVNULL)
    (wheel,) = out.glob("tiangow-*.whl")
    return wheel


def extension_wheels() -> list[Path]:
    folder = _labextension(KERNEL_EXTENSION) / "static" / "pypi"
    found = [p for p in folder.glob("*.whl") if any(p.name.startswith(prefix) for prefix in EXTENSION_WHEELS)]
    if len(found) != len(EXTENSION_WHEELS):
        raise SystemExit(f"the Pyodide kernel's wheels are not all in {folder}: {[p.name for p in found]}")
    return found


def _labextension(name: str) -> Path:
    from jupyter_core.paths import jupyter_path

    for base in jupyter_path("labextensions"):
        if (Path(base) / name / "package.json").exists():
            return Path(base) / name
    raise SystemExit(f"the JupyterLab extension {name} is not installed (pip install -e '.[site]')")


def placeholder_wheel(name: str, out: Path) -> Path:
    """A wheel with no code: the package is 'there' for Pyodide, and absent for Python."""
    path = out / f"{name}-0.0.0-py3-none-any.whl"
    info = f"{name}-0.0.0.dist-info"
    files = {
        f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.0.0\n"
                            "Summary: empty placeholder: not available in this site\n",
        f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: tiangow build_site\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    files[f"{info}/RECORD"] = "".join(f"{n},,\n" for n in files) + f"{info}/RECORD,,\n"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for n, text in files.items():
            info_ = zipfile.ZipInfo(n, date_time=(2020, 1, 1, 0, 0, 0))
            z.writestr(info_, text)
    return path


def slim_wheel(wheel: Path, out: Path) -> Path:
    """The wheel without what Python never imports: ``*.data/`` (anywidget's copy of its
    JupyterLab extension) and test folders."""
    target = out / wheel.name
    with zipfile.ZipFile(wheel) as src, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as dst:
        for item in src.infolist():
            top = item.filename.split("/")[0]
            parts = item.filename.split("/")
            if top.endswith(".data") or "tests" in parts[:-1]:
                continue
            dst.writestr(item, src.read(item))
    return target


# -- 2. the lock ---------------------------------------------------------------------------
def wheel_entry(wheel: Path) -> dict[str, object]:
    """A pyodide-lock.json entry for a pure wheel: its top-level import names, no dependencies
    (every wheel of the site is preloaded)."""
    dist, version = wheel.name.split("-")[:2]
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
    imports = sorted({
        n.split("/")[0].removesuffix(".py") for n in names
        if not n.split("/")[0].endswith((".dist-info", ".data")) and (n.endswith(".py") or "/" in n)
    })
    return {
        "name": _norm(dist).replace("_", "-"),
        "version": version,
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
        "package_type": "package",
        "imports": imports,
        "depends": [],
        "unvendored_tests": False,
    }


def write_lock(core: Path, wheels: list[Path], dest: Path) -> list[str]:
    lock = json.loads((core / "pyodide-lock.json").read_text(encoding="utf-8"))
    packages = {}
    for wheel in wheels:
        entry = wheel_entry(wheel)
        packages[str(entry["name"])] = entry
    lock["packages"] = packages
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True), encoding="utf-8")
    return sorted(packages)


def precompile(core: Path, pyodide: Path, lessons: Path) -> None:
    """Run every lesson in Pyodide under Node (a failing cell fails the build), then turn the
    modules that imported into bytecode (scripts/site/precompile.py)."""
    here = Path(__file__).resolve().parent / "site"
    shutil.copy(core / PYODIDE_NODE, pyodide / PYODIDE_NODE)
    try:
        run(["node", str(here / "run_pyodide.mjs"), str(pyodide), str(here / "precompile.py"), str(lessons),
             str(pyodide / "python_stdlib.zip"), str(pyodide), str(pyodide.parent / "precompiled.json")])
    finally:
        (pyodide / PYODIDE_NODE).unlink()
        (pyodide.parent / "precompiled.json").unlink(missing_ok=True)


def drop_unimported_lexers(wheel: Path) -> None:
    """Pygments ships lexers for 500 languages (1 MB of the site); IPython imports the Python
    ones. After :func:`precompile` those are bytecode: the lexers still in source form were
    never imported, and only colouring code in another language would need them."""
    out = wheel.with_suffix(".tmp")
    with zipfile.ZipFile(wheel) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for item in src.infolist():
            name = item.filename
            if name.startswith("pygments/lexers/") and name.endswith(".py") and name.count("/") == 2:
                continue
            dst.writestr(item, src.read(item))
    out.replace(wheel)


# -- 3. the site ---------------------------------------------------------------------------
def lite_config(packages: list[str]) -> dict[str, object]:
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "tiangow",
            "litePluginSettings": {
                f"{KERNEL_EXTENSION}:kernel": {
                    "pyodideUrl": "./static/pyodide/pyodide.js",
                    "disablePyPIFallback": True,
                    "pipliteUrls": [],
                    "loadPyodideOptions": {"packages": packages},
                },
            },
        },
    }


NO_SERVICE_WORKER = """\
// tiangow's static site runs no service worker. JupyterLite registers this file to give the
// Pyodide kernel a file drive synced with the page (and input()); the lessons read no files
// and ask for no input, and the drive costs every page about 1.5 s on a 2-core machine
// (each import stats the drive through the worker). Declining to install here makes
// JupyterLite start the kernel without a drive; the page logs that the registration failed.
throw new Error("tiangow: no service worker, the lessons need no file drive");
"""

REDIRECT = """<!doctype html>
<html lang="zh-Hant"><head><meta charset="utf-8">
<link rel="icon" href="favicon.svg" type="image/svg+xml">
<meta http-equiv="refresh" content="0; url=voici/render/index.html">
<title>天九學堂 · Tien Gow school</title></head>
<body><p><a href="voici/render/index.html">天九學堂 · Tien Gow school</a></p></body></html>
"""

STYLE = re.compile(r"<style[^>]*>(.*?)</style>", re.S)
EMPTY_ICON = '<link rel="icon" href="data:;base64,=">'
CDN_LINK = re.compile(r'\s*<link[^>]+href="https://cdn\.jsdelivr\.net/[^"]*"[^>]*>')


def trim(out: Path) -> None:
    for rel in PRUNE:
        path = out / rel
        if path.is_dir():
            shutil.rmtree(path)
        elif path.exists():
            path.unlink()
    # The kernel's wheels are in the Pyodide folder; its extension's copies are never fetched.
    shutil.rmtree(out / "extensions" / KERNEL_EXTENSION / "static" / "pypi", ignore_errors=True)
    # The tab shows a tile (天), drawn by the package.
    from tiangow import Tile
    from tiangow.svg import tile_svg

    (out / "favicon.svg").write_text(tile_svg(Tile("6-6"), 32), encoding="utf-8")
    for page in out.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        icon = "../" * (len(page.relative_to(out).parts) - 1) + "favicon.svg"
        new = CDN_LINK.sub("", text).replace(EMPTY_ICON, f'<link rel="icon" href="{icon}" type="image/svg+xml">')
        if new != text:
            page.write_text(new, encoding="utf-8")
    share_styles(out / "voici" / "render")
    removed = prune_chunks(out / "voici" / "build")
    log("left out of voici's bundle: " + ", ".join(f"{k} ({v / 1e6:.2f} MB)" for k, v in removed.items()))
    (out / "index.html").write_text(REDIRECT, encoding="utf-8")
    (out / "voici" / "index.html").write_text(REDIRECT.replace("voici/render/", "render/")
                                              .replace('"favicon.svg"', '"../favicon.svg"'), encoding="utf-8")
    (out / "service-worker.js").write_text(NO_SERVICE_WORKER, encoding="utf-8")
    (out / ".nojekyll").write_text("", encoding="utf-8")  # GitHub Pages: serve folders starting with _


# Chunks of voici's bundle for what no lesson shows, loaded only on demand: the Vega-Lite
# renderer (vega outputs) and CodeMirror's grammars of other languages (code editors: voici
# hides every input). The MathJax typesetter stays: voici runs it over every markdown cell
# (the lessons' prose), whatever the cell holds (voici ignores disabledExtensions). Found by what they contain, with
# markers that none of the chunks the pages load carries (tests/browser/test_static_site.py checks that every
# request of every page is answered).
UNUSED_CHUNKS = {
    "Vega-Lite": re.compile(r'name:"vega-lite",author'),
    "CodeMirror grammars": re.compile(r"[a-zA-Z]+Language:\(\)=>[\s\S]*acceptToken|acceptToken[\s\S]*[a-zA-Z]+Language:\(\)=>"),
}


def prune_chunks(build: Path) -> dict[str, int]:
    """Remove the chunks of :data:`UNUSED_CHUNKS` (and their license notes); bytes per family."""
    removed: dict[str, int] = {}
    for chunk in sorted(build.glob("*.js")):
        if chunk.name == "voici.js":
            continue
        text = chunk.read_text(encoding="utf-8", errors="replace")
        family = next((name for name, pattern in UNUSED_CHUNKS.items() if pattern.search(text)), None)
        if family is None:
            continue
        removed[family] = removed.get(family, 0) + chunk.stat().st_size
        chunk.unlink()
        build.joinpath(chunk.name + ".LICENSE.txt").unlink(missing_ok=True)
    return removed


def share_styles(pages: Path) -> None:
    """Every page embeds the same 260 kB of theme CSS: move each style block into a file of
    its own, linked from each page in the same place (one download, cached across lessons)."""
    css = pages.parent / "css"
    css.mkdir(exist_ok=True)

    def link(match: re.Match[str]) -> str:
        body = match.group(1)
        name = hashlib.sha256(body.encode()).hexdigest()[:16] + ".css"
        if not (css / name).exists():
            (css / name).write_text(body, encoding="utf-8")
        return f'<link rel="stylesheet" href="../css/{name}">'

    for page in pages.glob("*.html"):
        page.write_text(STYLE.sub(link, page.read_text(encoding="utf-8")), encoding="utf-8")


def build(out: Path, cache: Path, lessons: Path = ROOT / "lessons") -> None:
    start = time.monotonic()
    cache.mkdir(parents=True, exist_ok=True)
    core = fetch_pyodide(cache)
    downloaded = fetch_wheels(cache)
    with tempfile.TemporaryDirectory() as tmp:
        lite = Path(tmp) / "lite"
        pyodide = lite / "static" / "pyodide"
        pyodide.mkdir(parents=True)
        for name in PYODIDE_CORE:
            shutil.copy(core / name, pyodide / name)
        wheels = [slim_wheel(w, pyodide) for w in downloaded]
        wheels += [slim_wheel(w, pyodide) for w in extension_wheels()]
        wheels.append(build_tiangow_wheel(pyodide))
        wheels += [placeholder_wheel(name, pyodide) for name in PLACEHOLDERS]
        write_lock(core, wheels, pyodide)  # for Node's Pyodide; written again once they are compiled
        contents = Path(tmp) / "lessons"
        contents.mkdir()
        for nb in sorted(lessons.glob("*.ipynb")):
            shutil.copy(nb, contents / nb.name)
        precompile(core, pyodide, contents)
        for wheel in wheels:
            if wheel.name.startswith("pygments-"):
                drop_unimported_lexers(wheel)
        packages = write_lock(core, wheels, pyodide)
        (lite / "jupyter-lite.json").write_text(json.dumps(lite_config(packages), indent=1), encoding="utf-8")

        if out.exists():
            shutil.rmtree(out)
        extensions = [str(_labextension(name)) for name in FRONT_END_EXTENSIONS]
        # (voici-core's ``python -m`` entry imports the meta-package; call its app directly.)
        cmd = [sys.executable, "-c", "import sys; from voici_core.app import main; sys.exit(main())", "build",
               "--lite-dir", str(lite), "--contents", str(contents), "--output-dir", str(out),
               "--no-sourcemaps", "--ignore-sys-prefix",
               "--VoilaConfiguration.strip_sources=True", "--VoilaConfiguration.show_tracebacks=False",
               # The kernel's wheels are in the lock; piplite's index of its own copies is not needed.
               "--disable-addons", "jupyterlite-pyodide-kernel-piplite"]
        for ext in extensions:
            cmd.append(f"--LiteBuildConfig.federated_extensions={ext}")
        env = dict(os.environ, PYTHONWARNINGS="ignore")
        run(cmd, cwd=tmp, env=env, stdout=subprocess.DEVNULL)
    trim(out)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    log(f"built {out} in {time.monotonic() - start:.0f} s: {size / 1e6:.1f} MB, "
        f"{sum(1 for p in out.rglob('*') if p.is_file())} files; Python packages preloaded: {', '.join(packages)}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "_site", help="the folder to write (replaced)")
    parser.add_argument("--cache", type=Path, default=ROOT / ".site-cache", help="downloads kept between builds")
    args = parser.parse_args(argv)
    build(args.out.resolve(), args.cache.resolve())


if __name__ == "__main__":
    main()
