"""The benchmarks behind ``beannb bench``: figures, never assertions.

Nothing here is imported by the rest of the package; the command loads the module it runs:

* :mod:`beannb.bench.engine`: the engine's speed (games per second, ``beannb bench``);
* :mod:`beannb.bench.app`: the Voila app in Chromium (``--app``) and a class at once (``--class N``);
* :mod:`beannb.bench.hint`: the hint's latency, in the engine and on the page (``--hint``);
* :mod:`beannb.bench.strong`: the strong player against three greedy ones (``--strong``);
* :mod:`beannb.bench.live`: a live class, a lesson stepped then tables of four (``--class N --live``);
* :mod:`beannb.bench.site`: the browser-only site beside the Voila app (``--site``).
"""
