"""The example notebook runs from top to bottom without error (headless, with nbclient),
so it cannot rot."""

import pathlib

import pytest

NOTEBOOK = pathlib.Path(__file__).resolve().parents[1] / "examples" / "conway.ipynb"


def test_the_example_notebook_runs():
    nbformat = pytest.importorskip("nbformat")  # the test script installs it
    nbclient = pytest.importorskip("nbclient")
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    nbclient.NotebookClient(notebook, timeout=120, kernel_name="python3").execute()
    outputs = [o for cell in notebook.cells if cell.cell_type == "code" for o in cell.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    # The pictures came out as SVG.
    svgs = [o for o in outputs if "image/svg+xml" in o.get("data", {})]
    assert len(svgs) >= 3
