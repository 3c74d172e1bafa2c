"""Sphinx configuration of the API reference, generated from the package's docstrings.

Build it with ``python -m sphinx -W -b html docs/api _build/api`` (warnings are errors);
``tests/test_docs.py`` does so in the test suite, so a broken reference fails CI.
"""

project = "tiangow"
author = "the tiangow developers"
extensions = ["sphinx.ext.autodoc"]
autodoc_member_order = "bysource"
autodoc_typehints = "none"
autodoc_default_options = {"members": True, "show-inheritance": False}
# The widget kit needs ipywidgets and the app Voilà, which the reference does not: their imports are stood in for.
autodoc_mock_imports = ["ipywidgets", "anywidget", "traitlets", "IPython", "voila"]
html_theme = "alabaster"
html_title = "tiangow API reference"
exclude_patterns = ["_build"]
