"""Names for the people of word puzzles: short, distinct, one word each, never a word the answers use."""

from __future__ import annotations

import random

FIRST_NAMES = (
    "Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi", "Ivan", "Judy", "Kevin", "Laura",
    "Mallory", "Nina", "Oscar", "Peggy", "Quentin", "Rupert", "Sybil", "Trent", "Ursula", "Victor", "Wendy",
    "Xavier", "Yvonne", "Zach", "Amelia", "Bruno", "Chloe", "Dmitri", "Elena", "Felix", "Gina", "Hugo",
    "Iris", "Jonas", "Kira", "Leo", "Mona", "Nolan", "Olga", "Pablo", "Rosa", "Sven", "Tara", "Umar",
    "Vera", "Walter", "Ximena", "Yusuf", "Zora", "Arthur", "Bianca", "Cedric", "Daphne", "Emil", "Flora",
    "Gustav", "Hanna", "Igor",
)  # fmt: skip


def person_names(count: int, rng: random.Random) -> list[str]:
    """``count`` distinct names in random order; past the list, names get a number (Alice2, Bob2, ...)."""
    pool = list(FIRST_NAMES)
    rounds = 1
    while len(pool) < count:
        rounds += 1
        pool += [f"{name}{rounds}" for name in FIRST_NAMES]
    return rng.sample(pool, count)
