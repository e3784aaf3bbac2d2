"""The editions of base Bohnanza (spec §2.1): each profile column is a complete parameter set
(beans, fields, the third field's price, cards dealt, turned up and drawn, deck passes, tie-break)."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Optional, Protocol

from ...core.errors import OptionError
from .cards import BEANS, ORIGINAL_EIGHT


@dataclass(frozen=True)
class Profile:
    key: str
    players: tuple[int, ...]
    beans: tuple[str, ...]
    start_fields: int
    field_price: Optional[int]      # None: no 3rd field can be bought (B-36)
    paid_to: str                    # "discard" or "box" (B-35)
    deal: tuple[int, ...]           # cards per seat, counted from the start player (B-02)
    reveal_n: int
    draw_n: int
    end_at: int
    tie_break: str                  # "HAND_CARDS" or "FARTHEST_CLOCKWISE" (B-47)
    same_type_fields: bool
    trading: bool
    harvest_any_time: bool
    duel: bool = False

    def deal_for(self, offset: int) -> int:
        return self.deal[offset] if offset < len(self.deal) else self.deal[-1]


class Edition(Protocol):
    """A table's edition as the base game's mechanics read it: a :class:`Profile` column, or an
    expansion's own parameter set with the same fields (takeover's ``TakeoverProfile``)."""

    @property
    def key(self) -> str: ...
    @property
    def players(self) -> tuple[int, ...]: ...
    @property
    def beans(self) -> tuple[str, ...]: ...
    @property
    def start_fields(self) -> int: ...
    @property
    def field_price(self) -> Optional[int]: ...
    @property
    def paid_to(self) -> str: ...
    @property
    def reveal_n(self) -> int: ...
    @property
    def draw_n(self) -> int: ...
    @property
    def end_at(self) -> int: ...
    @property
    def tie_break(self) -> str: ...
    @property
    def same_type_fields(self) -> bool: ...
    @property
    def trading(self) -> bool: ...
    @property
    def harvest_any_time(self) -> bool: ...
    @property
    def duel(self) -> bool: ...

    def deal_for(self, offset: int) -> int: ...


_ALL = tuple(BEANS)


def _without(*gone: str) -> tuple[str, ...]:
    return tuple(b for b in _ALL if b not in gone)


def _p(key, players, beans, fields, price, deal=(5,), reveal=2, draw=3, end=3, tie="HAND_CARDS",
       paid="discard", trading=True, anytime=True, duel=False) -> Profile:
    return Profile(key, players, beans, fields, price, paid, deal, reveal, draw, end, tie, True,
                   trading, anytime, duel)


#: profile name -> list of columns; a column applies to the player counts it names.
PROFILES: dict[str, tuple[Profile, ...]] = {
    "AMIGO_1997": (_p("AMIGO_1997", (3, 4, 5), ORIGINAL_EIGHT, 2, 3),),
    "RIO_GRANDE": (
        _p("RIO_GRANDE-2", (2,), _without("garden", "cocoa"), 2, 3, reveal=3, draw=2, end=1,
           paid="box", trading=False, anytime=False, duel=True),
        _p("RIO_GRANDE-3", (3,), _without("cocoa"), 3, None, end=2),
        _p("RIO_GRANDE-4-5", (4, 5), _without("coffee"), 2, 3),
        _p("RIO_GRANDE-6-7", (6, 7), _without("cocoa", "garden"), 2, 2, deal=(3, 4, 5, 6), draw=4),
    ),
    "AMIGO_CURRENT": (
        _p("AMIGO_CURRENT-3", (3,), ORIGINAL_EIGHT, 3, None, tie="FARTHEST_CLOCKWISE"),
        _p("AMIGO_CURRENT-4-5", (4, 5), ORIGINAL_EIGHT, 2, None, tie="FARTHEST_CLOCKWISE"),
    ),
}


def supported_counts(profile: str) -> tuple[int, ...]:
    return tuple(n for col in PROFILES[profile] for n in col.players)


@lru_cache(maxsize=None)
def profile_for(profile: str, n_players: int) -> Profile:
    """The column of ``profile`` for ``n_players``; refuses other counts (rule B-45)."""
    if profile not in PROFILES:
        raise OptionError(f"unknown profile {profile!r}; profiles are {', '.join(PROFILES)}")
    for col in PROFILES[profile]:
        if n_players in col.players:
            return col
    counts = supported_counts(profile)
    raise OptionError(
        f"profile {profile} is played by {min(counts)}–{max(counts)} players, not {n_players}"
        + (" (2 players: use profile RIO_GRANDE, the duel)" if n_players == 2 else "")
        + (" (6–7 players: use profile RIO_GRANDE)" if n_players in (6, 7) and profile != "RIO_GRANDE" else ""),
        rule="B-45")


_PROFILE_CACHE: dict[tuple[str, int], Profile] = {}
