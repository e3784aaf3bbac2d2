"""Bots: players that answer every decision the rules can ask of a seat.

A bot reads only what its seat may know: its own hand and the public table. The driver
(:func:`play_out`) asks the seat the game waits for, and gives the others a chance to
interject (offer a trade, harvest) at each decision point, as players at a table would;
:func:`playout` plays the same games on one mutable state (simulations and benchmarks).
"""
from __future__ import annotations

from typing import Callable

from .base import Bot, bots_answer, play_out, playout
from .greedy import GreedyBot
from .randombot import RandomBot
from .strong import StrongBot
from .trader import TraderBot

BOTS: dict[str, Callable[..., Bot]] = {"random": RandomBot, "greedy": GreedyBot, "trader": TraderBot,
                                     "strong": StrongBot}


def make_bot(kind: str, seed: int = 0) -> Bot:
    if kind not in BOTS:
        raise ValueError(f"unknown bot {kind!r}; bots are {', '.join(sorted(BOTS))}")
    return BOTS[kind](seed)


__all__ = ["BOTS", "Bot", "GreedyBot", "bots_answer", "RandomBot", "StrongBot", "TraderBot", "make_bot", "play_out",
           "playout"]
