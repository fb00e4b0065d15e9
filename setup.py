"""Build script. The package is pure Python; with BRIDGELAW_COMPILE=1 the strict core (value
types, auction, play, Law 77) is compiled with mypyc for speed. Both builds pass the same tests.
"""

import os

from setuptools import setup

CORE_MODULES = ["cards", "calls", "errors", "boards", "auction", "play", "scoring/law77"]


def extension_modules() -> list[object]:
    if os.environ.get("BRIDGELAW_COMPILE") != "1":
        return []
    from mypyc.build import mypycify

    return list(mypycify([f"src/bridgelaw/{m}.py" for m in CORE_MODULES], opt_level="3"))


setup(ext_modules=extension_modules())
