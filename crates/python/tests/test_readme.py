"""The README's Python session and the package docstring run as doctests, so they stay
true."""

import doctest
import re

import conway
from conftest import REPO


def test_readme_python_session():
    readme = (REPO / "README.md").read_text()
    section = readme.split("\n## Python\n", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert blocks, "the README's Python section has no session"
    names = {}  # one session: later blocks use what earlier ones imported
    for block in blocks:
        test = doctest.DocTestParser().get_doctest(block, names, "README", "README.md", 0)
        runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
        runner.run(test, clear_globs=False)
        names.update(test.globs)
        assert runner.failures == 0 and runner.tries > 0


def test_package_docstring():
    failures, tries = doctest.testmod(conway, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert failures == 0 and tries > 0
