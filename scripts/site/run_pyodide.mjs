// Run a Python file in Pyodide under Node, with the site's packages preloaded.
//   node run_pyodide.mjs <pyodide folder> <script.py> [args …]
// The pyodide folder holds pyodide.mjs, the core files, pyodide-lock.json and the wheels
// (the folder build_site.py prepares). The host's root is mounted at /host, so the script
// reads and writes files as /host/<absolute host path>; sys.argv is [script, args …].
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [folder, script, ...args] = process.argv.slice(2);
const indexURL = path.resolve(folder) + "/";
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
const lock = JSON.parse(fs.readFileSync(path.join(indexURL, "pyodide-lock.json"), "utf8"));
const py = await loadPyodide({ indexURL, packages: Object.keys(lock.packages), stdout: (s) => console.log(s), stderr: (s) => console.error(s) });
py.FS.mkdirTree("/host");
py.mountNodeFS("/host", "/");
py.globals.set("__node_argv__", py.toPy([path.resolve(script), ...args]));
try {
  await py.runPythonAsync(`import sys; sys.argv = list(__node_argv__)\n` + fs.readFileSync(script, "utf8"));
} catch (err) {
  console.error(String(err));
  process.exit(1);
}
