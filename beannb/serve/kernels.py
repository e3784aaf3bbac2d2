"""The class server's kernels: a cap, preheated pools that follow the class, and the one
adapter over Voila's kernel-manager internals.

:func:`capped_kernel_manager` takes Voila's kernel manager class (preheated pools or not)
and a cap, and returns a subclass that never runs more than ``max_kernels`` kernels
(0: no cap, and Voila's own pools unchanged). Built lazily: importing this module never
imports Voila, tornado or Jupyter; the planning below is plain Python.

What counts against the cap (one *place* each)
    kernels in the pools (waiting for their refill delay or their turn, starting, or
    ready), kernels handed to pages, places reserved for pages on their way (a pooled
    kernel being handed over, a kernel starting for a page, a pooled kernel being shut
    down to make room for a page) and pooled kernels being shut down.

The rule: an idle pooled kernel never costs a student a place
    * *Eviction instead of refusal.* A page whose notebook has no pooled kernel, arriving
      while the cap is reached, takes the place of a pooled kernel of another notebook
      (or of one already being shut down): that kernel is shut down (or, still waiting to
      start, never started) and the page's kernel started once it is gone. The place is reserved at once (before
      anything is awaited), so two pages arriving together never both take one place,
      nor go beyond the cap. Only when every place holds a page's kernel does a page get
      503 ("the class is full").
    * *Pools shrink as the cap nears.* The pools together hold at most
      ``cap - pages - margin`` kernels, where the margin is half the recent page requests
      (rounded up): places left for students still arriving, so that a refill never
      takes the last places while pages are coming. One exception: the notebook most in
      demand keeps one pooled kernel while any place is free (the next student most
      likely opens it). And never more than the configured total (the pools' budget).
      Nothing is shut down just to keep the margin: pools above their size are simply
      not refilled, and their idle kernels give way to pages as above.
    * *The pool follows where students are sent.* Page requests per notebook are
      counted, halving every :data:`DEMAND_HALF_LIFE_S` seconds. A notebook with recent
      requests is *in demand*: its pool grows to as many kernels as it had recent
      requests, up to the largest configured pool (the landing page's and base game's),
      and it gets the room first, the most requested first. Then the landing page keeps
      one kernel if room is left, then the other pools get their configured size while
      room is left, shrinking toward 0 as it runs out. When a pool in demand needs places
      that only idle pooled kernels of other notebooks hold, those are shut down for it.
    * *Pages wait in line, not in a crowd.* At most :data:`WARMING_PER_CORE` pool
      kernels per core warm up (start and run their notebook) at once; the others wait
      their turn, first come first served, so that in a burst the first pages are ready
      first instead of every page at the end. A page of a preheated notebook whose pool
      is empty gets a new pool entry at once (in a free place, or in the place of an
      evicted kernel, started once that one is gone) and takes it: it joins that line.
      A page taking an entry still waiting out its refill delay ends the delay.

    :func:`pool_targets` decides the pool sizes and :func:`pool_moves` what to start and
    what to shut down; both are pure. The sizes are reconsidered whenever a page takes a
    pooled kernel (the refill waits Voila's ``fill_delay``, so a burst of arriving pages
    is served first), whenever a kernel is shut down, and every :data:`REBALANCE_S`
    seconds (requests age).

For the rest of the server (``kernel_manager`` of Voila's application and of its handlers)
    ``beannb_full(notebook) -> bool``
        Called by the page handler for each page request (it counts the request): True
        when that page would have to be refused now.
    ``beannb_expect(notebook, count)``
        "The class is being sent to ``notebook``": ``count`` pages are expected there
        soon. Its pool grows at once, up to ``count`` kernels and the pools' budget,
        taking places from idle pooled kernels of other notebooks if need be; each page
        request for it then uses up one expected page, and what is left ages as requests
        do. The class hub calls it when the teacher moves the class on (from any thread:
        off the server's event loop it is handed to that loop). Without a cap it only
        counts.
    ``beannb_committed() -> int``
        Places in use (see above).
    ``beannb_pool_sizes() -> dict``
        {notebook: (pooled kernels, target)}.

Every read or write of Voila's (and jupyter_client's) private state is in the adapter
methods at the top of the class: the pools (``_pools``: lists of entry tasks, and the
entries' layout), the kernels (``_kernels``, ``_pending_kernels``, ``last_activity``),
the pool sizes (``kernel_pools_config``, ``fill_delay``), Voila's refill
(``fill_if_needed``), its preparation of a pool entry (``_initialize``) and its record
of prepared notebooks (``notebook_data``). The policy below them only calls them; a
change in Voila is fixed there.

The server logs one line per change, for the tests and for a teacher reading the log::

    Kernel pools: 00_start.ipynb 2/2, 01_bohnanza.ipynb 0/1; pages 3; cap 8
    Evicted pooled kernel <id> of 00_start.ipynb for a page
    Retired pooled kernel <id> of 00_start.ipynb (its pool is above its size)
    Kernel gone: <id>
"""

from __future__ import annotations

import math
import time
from typing import Any, Callable, Mapping

from .settings import LANDING_NOTEBOOK, machine_cores

#: Page requests are counted with this half-life (seconds).
DEMAND_HALF_LIFE_S = 60.0
#: A notebook with at least this many recent requests (or expected pages) is in demand.
HOT = 0.5
#: Places kept free for arriving pages: this share of the recent page requests.
MARGIN_SHARE = 0.5
#: Seconds between two looks at the pools when nothing else happens.
REBALANCE_S = 5.0
#: Pool kernels warming up (starting and running their notebook) at once, per CPU core;
#: the others wait their turn, first come first served.
WARMING_PER_CORE = 2
#: A warm-up frees its turn after this many seconds even if its notebook still runs.
WARMING_TURN_S = 120.0
#: Counts below this are forgotten.
FORGET_BELOW = 0.05


class DecayingCounts:
    """Counts per key that halve every ``half_life`` seconds (``clock``: seconds)."""

    def __init__(self, half_life: float = DEMAND_HALF_LIFE_S, clock: Callable[[], float] = time.monotonic):
        self.half_life = half_life
        self.clock = clock
        self._counts: dict[str, tuple[float, float]] = {}

    def _now(self, key: str) -> float:
        value, since = self._counts.get(key, (0.0, 0.0))
        if value <= 0.0:
            return 0.0
        return value * 0.5 ** ((self.clock() - since) / self.half_life)

    def add(self, key: str, amount: float = 1.0) -> float:
        """Add ``amount`` (negative: take away, never below 0); return the new count."""
        value = max(0.0, self._now(key) + amount)
        if value < FORGET_BELOW:
            self._counts.pop(key, None)
            return 0.0
        self._counts[key] = (value, self.clock())
        return value

    def get(self, key: str) -> float:
        value = self._now(key)
        return value if value >= FORGET_BELOW else 0.0

    def values(self) -> dict[str, float]:
        out = {key: self.get(key) for key in list(self._counts)}
        for key in [k for k, v in out.items() if v == 0.0]:
            self._counts.pop(key, None)
            del out[key]
        return out


def pool_targets(
    configured: Mapping[str, int],
    demand: Mapping[str, float] | None = None,
    expected: Mapping[str, float] | None = None,
    *,
    free: int | None = None,
    landing: str = LANDING_NOTEBOOK,
) -> dict[str, int]:
    """How many kernels each notebook's pool should hold now.

    ``configured``: the planned pool sizes (their sum is the pools' budget, the largest
    is how far demand alone grows a pool); ``demand``: recent page requests per notebook;
    ``expected``: pages announced by :meth:`beannb_expect` and not arrived yet; ``free``:
    the places not held by pages (``cap - pages``; None: no cap).

    The room for pools is ``min(budget, free - margin)`` (margin: :data:`MARGIN_SHARE`
    of all recent requests, rounded up), but at least one place while one is free and a
    notebook is in demand. Notebooks in demand (requests or expected pages, most first)
    get ``max(configured, min(largest pool, requests), min(budget, expected))`` from the
    room; then the landing page keeps one if room is left; then the others get up to
    their configured size while room is left.
    """
    demand = demand or {}
    expected = expected or {}
    sizes = {nb: max(0, int(n)) for nb, n in configured.items()}
    targets = dict.fromkeys(sizes, 0)
    budget = sum(sizes.values())
    if budget == 0:
        return targets
    grow = max(sizes.values())
    margin = math.ceil(MARGIN_SHARE * sum(demand.values()) - 1e-9)

    def interest(nb: str) -> float:
        return demand.get(nb, 0.0) + expected.get(nb, 0.0)

    def wish(nb: str) -> int:
        want = sizes[nb]
        if demand.get(nb, 0.0) >= HOT:
            want = max(want, min(grow, math.ceil(demand[nb] - 1e-9)))
        if expected.get(nb, 0.0) >= HOT:
            want = max(want, min(budget, math.ceil(expected[nb] - 1e-9)))
        return want

    hot = sorted((nb for nb in sizes if interest(nb) >= HOT), key=lambda nb: (-interest(nb), nb))
    cold = sorted((nb for nb in sizes if interest(nb) < HOT), key=lambda nb: (nb != landing, -sizes[nb], nb))
    if free is None:
        room = budget
    else:
        room = max(0, min(budget, free - margin))
        if hot and free > 0:
            room = max(room, 1)  # the next student's kernel
    used = 0
    for nb in hot:
        targets[nb] = max(0, min(wish(nb), room - used))
        used += targets[nb]
    if sizes.get(landing, 0) > 0 and targets[landing] == 0 and used < room:
        targets[landing] = 1
        used += 1
    for nb in cold:
        extra = max(0, min(sizes[nb] - targets[nb], room - used))
        targets[nb] += extra
        used += extra
    return targets


def pool_moves(current: Mapping[str, int], targets: Mapping[str, int], free: int | None,
               freeing: int = 0) -> tuple[dict[str, int], dict[str, int]]:
    """(kernels to start per pool, idle pooled kernels to shut down per pool).

    Pools below their target are refilled into free places (``free``: places not
    counted against the cap; None: no cap), the most missing first. What free places and
    the ``freeing`` places of pooled kernels already being shut down do not cover is made
    room for by shutting down kernels of pools above their target, the most above first;
    those places are refilled once the kernels are gone. A pool above its target is
    otherwise left as it is (not refilled).
    """
    missing = {nb: targets.get(nb, 0) - n for nb, n in current.items() if targets.get(nb, 0) > n}
    above = {nb: n - targets.get(nb, 0) for nb, n in current.items() if n > targets.get(nb, 0)}
    room = sum(missing.values()) if free is None else max(0, free)
    starts = _most_first(missing, room)
    still = sum(missing.values()) - sum(starts.values()) - max(0, freeing)
    return starts, _most_first(above, still)


def _most_first(wanted: Mapping[str, int], room: int) -> dict[str, int]:
    """What of ``wanted`` (per pool) fits in ``room``, the pool that wants the most served first
    (ties by name); pools given nothing are left out."""
    out: dict[str, int] = {}
    for nb in sorted(wanted, key=lambda nb: (-wanted[nb], nb)):
        n = min(wanted[nb], room)
        if n > 0:
            out[nb] = n
            room -= n
    return out


def describe_pools(sizes: Mapping[str, tuple[int, int]], pages: int, cap: int) -> str:
    """The log line of :meth:`beannb_pool_sizes`: ``Kernel pools: a 1/2, b 0/0; pages 3; cap 8``."""
    pools = ", ".join(f"{nb} {n}/{t}" for nb, (n, t) in sorted(sizes.items()))
    return f"Kernel pools: {pools}; pages {pages}; cap {cap}"


def capped_kernel_manager(base: Any, max_kernels: int) -> Any:  # noqa: C901  (one class, built lazily)
    """``base`` (Voila's kernel manager class) with at most ``max_kernels`` kernels (0: no
    cap) and pools that follow the class; see the module docstring."""
    import asyncio
    import weakref

    import tornado.ioloop
    from jupyter_core.utils import ensure_async
    from jupyter_server._tz import utcnow
    from tornado.web import HTTPError

    class _Deferred:
        """An awaitable that creates its coroutine only when awaited: a refill still waiting
        out its delay can be cancelled without leaving a coroutine never awaited."""

        __slots__ = ("_start",)

        def __init__(self, start: Callable[[], Any]):
            self._start = start

        def __await__(self) -> Any:
            return self._start().__await__()

    class CappedKernelManager(base):
        def __init__(self, **kwargs: Any) -> None:
            self._beannb_max = max_kernels
            self._beannb_in_use: set[str] = set()
            self._beannb_reserved = 0   # places held for pages whose kernel is on its way
            self._beannb_retirements: dict[Any, bool] = {}  # pooled kernels being shut down: place still counted?
            self._beannb_stopping = False
            self._beannb_demand = DecayingCounts()
            self._beannb_expected = DecayingCounts()
            self._beannb_begun: weakref.WeakSet = weakref.WeakSet()     # entries whose kernel is starting
            self._beannb_wanted: weakref.WeakSet = weakref.WeakSet()    # entries a page waits for
            self._beannb_gated: weakref.WeakSet = weakref.WeakSet()     # entries waiting for a place to be freed
            self._beannb_wake: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
            self._beannb_next: tuple[float, Any] = (0.0, None)  # (delay, gate) of the entries being made
            self._beannb_turns = asyncio.Semaphore(WARMING_PER_CORE * machine_cores())
            self._beannb_logged: Any = None
            self._beannb_timer: Any = None
            self._beannb_loop = tornado.ioloop.IOLoop.current()
            super().__init__(**kwargs)
            if self._beannb_max > 0 and self._beannb_preheats():
                self._beannb_timer = tornado.ioloop.PeriodicCallback(lambda: self._beannb_rebalance(delay=None),
                                                                     REBALANCE_S * 1000)
                self._beannb_timer.start()

        # -- the adapter: Voila's and jupyter_client's internals, read and written only here ----

        def _beannb_preheats(self) -> bool:
            """Whether Voila keeps pools here (its preheating kernel manager)."""
            return isinstance(getattr(self, "_pools", None), dict)

        def _beannb_pool_lengths(self) -> dict[str, int]:
            """{notebook: entries in its pool} (an entry: a kernel waiting, starting or ready)."""
            return {nb: len(pool) for nb, pool in getattr(self, "_pools", {}).items()}

        def _beannb_entries(self, notebook: str) -> tuple:
            """The entries of ``notebook``'s pool, oldest first (a copy)."""
            return tuple(getattr(self, "_pools", {}).get(notebook, ()))

        def _beannb_take_entry(self, notebook: str, entry: Any) -> Any:
            """Take ``entry`` out of its pool: Voila no longer hands it to a page."""
            self._pools[notebook].remove(entry)
            return entry

        def _beannb_add_pool(self, notebook: str) -> None:
            """Make sure ``notebook`` has a pool (maybe empty)."""
            self._pools.setdefault(notebook, [])

        def _beannb_alive(self) -> set[str]:
            """Ids of the kernels running or starting."""
            return set(self._kernels) | set(self._pending_kernels)

        def _beannb_touch(self, kernel_id: str) -> None:
            """A pooled kernel keeps the idle time it had in the pool, where the culler spares
            it; handed to a page that has not connected yet, it would be culled at once.
            Its page's life starts now."""
            kernel = self._kernels.get(kernel_id)
            if kernel is not None:
                kernel.last_activity = utcnow()

        async def cull_kernel_if_idle(self, kernel_id: str) -> Any:
            kernel = self._kernels.get(kernel_id)
            if kernel is None:
                return None  # shut down (a closed tab) since the culler listed it: nothing to cull
            if not kernel.trait_has_value("last_activity"):
                return None  # still starting: no activity to judge yet (not an error)
            return await ensure_async(super().cull_kernel_if_idle(kernel_id))

        def _beannb_configured(self) -> dict[str, int]:
            """The configured pool size of every notebook Voila preheats."""
            if not self._beannb_preheats():
                return {}
            config = self.kernel_pools_config
            default = config.get("default", {})
            size = default.get("pool_size", 1)
            return {nb: int(config.get(nb, default).get("pool_size", size)) for nb in self._pools}

        def _beannb_pooled_path(self, notebook: str) -> bool:
            """Whether Voila hands ``notebook``'s page a pool entry when its pool has one
            (it does once the notebook was prepared in a pool kernel)."""
            return bool(getattr(self, "notebook_data", {}).get(notebook))

        def _beannb_fill(self, notebook: str, size: int, delay: float | None, gate: Any = None) -> None:
            """Voila's refill of ``notebook``'s pool up to ``size`` entries; each waits
            ``delay`` s (None: Voila's ``fill_delay``) and ``gate`` (a task: a kernel
            being shut down for it), then its turn, then starts its kernel."""
            saved = self.kernel_pools_config
            config = dict(saved)
            entry = dict(config.get(notebook, config.get("default", {})))
            entry["pool_size"] = size
            config[notebook] = entry
            self.kernel_pools_config = config
            self._beannb_next = (self.fill_delay if delay is None else delay, gate)
            before = set(map(id, self._beannb_entries(notebook)))
            try:
                super().fill_if_needed(delay=0, notebook_name=notebook)  # the delay is waited in _initialize
            finally:
                self.kernel_pools_config = saved
                self._beannb_next = (0.0, None)
            if gate is not None:
                self._beannb_gated.update(e for e in self._beannb_entries(notebook) if id(e) not in before)

        def _initialize(self, notebook_path: str, kernel_id: str | None = None, **kwargs: Any) -> Any:
            # Voila's preparation of a pool entry (start the kernel, run the notebook), made
            # by Voila's refill and awaited in the entry's task: here it first waits its
            # delay and its turn. An entry is noted as begun when its kernel starts, so
            # that one still waiting can be told apart (and cancelled cleanly).
            parent = super()._initialize
            if kernel_id is not None or self._beannb_max <= 0:  # a restart (or no cap): as Voila does
                return parent(notebook_path, kernel_id, **kwargs)
            delay, gate = self._beannb_next

            async def begin() -> Any:
                task = asyncio.current_task()
                await self._beannb_wait_turn(task, delay, gate)
                self._beannb_begun.add(task)
                try:
                    content = await parent(notebook_path, None, **kwargs)
                except BaseException:
                    self._beannb_turns.release()
                    raise
                done = self._beannb_end_turn_once()
                content["task"].add_done_callback(lambda _: done())
                asyncio.get_running_loop().call_later(WARMING_TURN_S, done)
                return content

            return _Deferred(begin)

        def _beannb_state(self, entry: Any) -> str:
            """A pool entry: "waiting" (its delay), "warming" (starting or running the
            notebook), "ready" (idle, the page rendered) or "failed" (no kernel)."""
            if not entry.done():
                # An entry waiting for a kernel to be shut down for it holds that place: not to be cancelled.
                return "warming" if entry in self._beannb_begun or entry in self._beannb_gated else "waiting"
            if entry.cancelled() or entry.exception() is not None:
                return "failed"
            return "ready" if entry.result()["task"].done() else "warming"

        def _beannb_entry_kernel(self, entry: Any) -> str:
            """The kernel id of a pool entry ("-" while it has none)."""
            if entry.done() and self._beannb_state(entry) in ("ready", "warming"):
                return entry.result()["kernel_id"]
            return "-"

        def _beannb_drop(self, entry: Any) -> bool:
            """Drop an entry taken out of its pool if it holds no kernel (waiting: cancelled,
            never started; failed): True if so."""
            if self._beannb_state(entry) in ("waiting", "failed"):
                entry.cancel()
                return True
            return False

        async def _beannb_discard(self, entry: Any) -> None:
            """Shut down the kernel of an entry taken out of its pool (one still warming up
            finishes first: its notebook run is not cut short)."""
            if self._beannb_drop(entry):
                return
            try:
                content = await entry
            except BaseException:  # noqa: BLE001  (cancelled or failed: no kernel to stop)
                return
            render = content["task"]
            if not render.done():
                await asyncio.wait([render])
            if not render.cancelled():
                render.exception()  # retrieved: never logged as lost
            kernel_id = content["kernel_id"]
            if kernel_id in self._beannb_alive():
                try:
                    await ensure_async(self.shutdown_kernel(kernel_id, now=True))
                except Exception as exc:  # noqa: BLE001  (gone meanwhile: its place is free all the same)
                    self.log.warning("Could not shut down pooled kernel %s: %s", kernel_id, exc)

        # -- places and pools ---------------------------------------------------------------

        def _beannb_pages(self) -> int:
            """Places held by pages: kernels handed to pages, and places reserved for pages."""
            return len(self._beannb_in_use & self._beannb_alive()) + self._beannb_reserved

        def _beannb_retiring(self) -> int:
            """Places of pooled kernels being shut down (not yet promised to a page)."""
            return sum(self._beannb_retirements.values())

        def beannb_committed(self) -> int:
            return sum(self._beannb_pool_lengths().values()) + self._beannb_pages() + self._beannb_retiring()

        def _beannb_claim(self) -> Any:
            """Make room for a page at the cap: a task done once its place is free (a pooled
            kernel given up for it, or one already being shut down), None if every place
            holds a page."""
            victim = self._beannb_take_victim()
            if victim is not None:
                notebook, entry = victim
                self.log.info("Evicted pooled kernel %s of %s for a page", self._beannb_entry_kernel(entry), notebook)
                return asyncio.ensure_future(self._beannb_discard(entry))
            for task, counted in self._beannb_retirements.items():
                if counted:
                    self._beannb_retirements[task] = False  # the page's place from now on
                    return task
            return None

        def _beannb_targets(self) -> dict[str, int]:
            free = None if self._beannb_max <= 0 else self._beannb_max - self._beannb_pages()
            return pool_targets(self._beannb_configured(), self._beannb_demand.values(),
                                self._beannb_expected.values(), free=free)

        def beannb_pool_sizes(self) -> dict[str, tuple[int, int]]:
            lengths = self._beannb_pool_lengths()
            return {nb: (lengths.get(nb, 0), target) for nb, target in self._beannb_targets().items()}

        def _beannb_take_victim(self) -> tuple[str, Any] | None:
            """Take out of its pool the pooled kernel that gives way to a page: one not still
            warming up if any, from the pool most above its size (then the notebook least
            in demand), one without a kernel yet before one ready."""
            targets = self._beannb_targets()
            demand = self._beannb_demand.values()
            rank = {"failed": 0, "waiting": 0, "ready": 1, "warming": 2}
            best = None
            for nb, length in self._beannb_pool_lengths().items():
                for entry in self._beannb_entries(nb):
                    if entry in self._beannb_gated:
                        continue  # it holds the place of a kernel shut down for a page
                    state = self._beannb_state(entry)
                    key = (state == "warming", targets.get(nb, 0) - length, rank[state], demand.get(nb, 0.0), nb)
                    if best is None or key < best[0]:
                        best = (key, nb, entry)
            if best is None:
                return None
            _, nb, entry = best
            return nb, self._beannb_take_entry(nb, entry)

        def _beannb_want(self, entry: Any) -> None:
            """A page waits for ``entry``: it waits out no refill delay."""
            self._beannb_wanted.add(entry)
            wake = self._beannb_wake.get(entry)
            if wake is not None:
                wake.set()

        async def _beannb_wait_turn(self, task: Any, delay: float, gate: Any) -> None:
            """An entry's wait before its kernel starts: ``gate``, then ``delay`` (ended
            early when a page wants it), then a turn among the warm-ups."""
            if gate is not None:
                await asyncio.wait([gate])
                self._beannb_gated.discard(task)
            if delay and delay > 0 and task not in self._beannb_wanted:
                wake = self._beannb_wake[task] = asyncio.Event()
                try:
                    await asyncio.wait_for(wake.wait(), delay)
                except asyncio.TimeoutError:
                    pass
            await self._beannb_turns.acquire()

        def _beannb_end_turn_once(self) -> Callable[[], None]:
            ended = False

            def end() -> None:
                nonlocal ended
                if not ended:
                    ended = True
                    self._beannb_turns.release()

            return end

        # -- the server's calls ---------------------------------------------------------------

        def beannb_full(self, notebook: str) -> bool:
            if not notebook.endswith(".ipynb"):
                return False
            self._beannb_demand.add(notebook)
            if self._beannb_expected.get(notebook):
                self._beannb_expected.add(notebook, -1.0)
            if self._beannb_max <= 0:
                return False
            lengths = self._beannb_pool_lengths()
            if lengths.get(notebook):
                return False  # a kernel is ready (or on its way) for this page
            if notebook in lengths and self._beannb_pooled_path(notebook):
                # A new entry for this page, taken by it right after this call: it waits
                # in line with the other warm-ups.
                if self.beannb_committed() < self._beannb_max:
                    self._beannb_fill(notebook, 1, delay=0)
                    return False
                gate = self._beannb_claim()
                if gate is None:
                    return True
                self._beannb_fill(notebook, 1, delay=0, gate=gate)  # started once that place is free
                return False
            if self.beannb_committed() < self._beannb_max:
                return False
            # Else a pooled kernel gives way (or one being shut down leaves its place).
            return not any(lengths.values()) and not self._beannb_retiring()

        def beannb_expect(self, notebook: str, count: int) -> None:
            try:
                asyncio.get_running_loop()
            except RuntimeError:  # called from another thread: done on the server's loop
                self._beannb_loop.add_callback(self.beannb_expect, notebook, count)
                return
            if count <= 0 or self._beannb_stopping:
                return
            self._beannb_expected.add(notebook, float(count))
            self._beannb_rebalance(delay=0)

        # -- Voila's kernel manager, overridden -----------------------------------------------

        async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
            # Pages without a pooled kernel come here; pool kernels do not.
            gate = None
            if self._beannb_max > 0 and self.beannb_committed() >= self._beannb_max:
                gate = self._beannb_claim()
                if gate is None:
                    raise HTTPError(503, "the class is full")
            self._beannb_reserved += 1  # the place is this page's from now on
            try:
                if gate is not None:
                    await asyncio.wait([gate])
                kernel_id = await ensure_async(super().start_kernel(*args, **kwargs))
                self._beannb_in_use.add(kernel_id)
            finally:
                self._beannb_reserved -= 1
            self._beannb_rebalance(delay=None)
            return kernel_id

        async def get_rendered_notebook(self, *args: Any, **kwargs: Any) -> Any:
            notebook = kwargs.get("notebook_name", args[0] if args else None)
            entries = self._beannb_entries(notebook) if notebook is not None else ()
            if entries:
                self._beannb_want(entries[0])  # the entry Voila hands over (the oldest)
            self._beannb_reserved += 1  # the pool kernel on its way to the page
            try:
                result = await super().get_rendered_notebook(*args, **kwargs)
                kernel_id = result[2]
                self._beannb_in_use.add(kernel_id)
            finally:
                self._beannb_reserved -= 1
            self._beannb_touch(kernel_id)
            return result

        def fill_if_needed(self, delay: float | None = None, notebook_name: str | None = None, **kwargs: Any) -> None:
            # Voila asks for a refill at startup (per notebook) and after a page took a pooled kernel.
            if self._beannb_stopping:
                return None
            if self._beannb_max <= 0:
                return super().fill_if_needed(delay, notebook_name, **kwargs)
            if notebook_name is not None and self._beannb_preheats():
                self._beannb_add_pool(notebook_name)
            self._beannb_rebalance(delay)
            return None

        async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> Any:
            try:
                result = await ensure_async(super().shutdown_kernel(kernel_id, *args, **kwargs))
                self.log.info("Kernel gone: %s", kernel_id)
                return result
            finally:
                self._beannb_in_use.discard(kernel_id)
                if not self._beannb_stopping:
                    if self._beannb_max > 0:
                        self._beannb_rebalance(delay=None)
                    else:
                        for notebook in self._beannb_pool_lengths():
                            self.fill_if_needed(notebook_name=notebook)

        async def shutdown_all(self, *args: Any, **kwargs: Any) -> Any:
            self._beannb_stopping = True
            if self._beannb_timer is not None:
                self._beannb_timer.stop()
            return await ensure_async(super().shutdown_all(*args, **kwargs))

        # -- bringing the pools to their sizes -------------------------------------------------

        def _beannb_rebalance(self, delay: float | None) -> None:
            """Bring the pools toward :func:`pool_targets`: refill into free places, and shut
            down idle kernels of pools above their size where a pool in demand needs room."""
            if self._beannb_stopping or self._beannb_max <= 0 or not self._beannb_preheats():
                return
            targets = self._beannb_targets()

            def moves() -> tuple[dict[str, int], dict[str, int]]:
                lengths = self._beannb_pool_lengths()
                return pool_moves({nb: lengths.get(nb, 0) for nb in targets}, targets,
                                  self._beannb_max - self.beannb_committed(), freeing=self._beannb_retiring())

            _, trims = moves()
            for nb, n in trims.items():
                idle = [e for e in self._beannb_entries(nb) if self._beannb_state(e) != "warming"][:n]
                for entry in idle:  # those still warming up are looked at again later
                    self._beannb_take_entry(nb, entry)
                    self.log.info("Retired pooled kernel %s of %s (its pool is above its size)",
                                  self._beannb_entry_kernel(entry), nb)
                    if not self._beannb_drop(entry):
                        self._beannb_retirements[asyncio.ensure_future(self._beannb_retire(entry, delay))] = True
            starts, _ = moves()  # into the places free now (dropped entries' included)
            lengths = self._beannb_pool_lengths()
            for nb, n in starts.items():
                self._beannb_fill(nb, lengths.get(nb, 0) + n, delay)
            self._beannb_log_pools()

        async def _beannb_retire(self, entry: Any, delay: float | None) -> None:
            try:
                await self._beannb_discard(entry)
            finally:
                self._beannb_retirements.pop(asyncio.current_task(), None)
                self._beannb_rebalance(delay)

        def _beannb_log_pools(self) -> None:
            sizes = self.beannb_pool_sizes()
            state = (sizes, self._beannb_pages())
            if state != self._beannb_logged:
                self._beannb_logged = state
                self.log.info(describe_pools(sizes, self._beannb_pages(), self._beannb_max))

    CappedKernelManager.__name__ = base.__name__  # config sections keep their names
    return CappedKernelManager
