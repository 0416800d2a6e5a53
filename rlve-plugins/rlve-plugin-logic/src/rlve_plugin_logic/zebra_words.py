"""The attributes of zebra puzzles: how each is named, its values, and how a clue refers to a person.

Every value is one word and no word appears in two attributes, so an answer line can be read in any
order. Past 16 houses an attribute's values get numbers (dog2, ...), which keeps difficulty unbounded.
"""

from __future__ import annotations

from rlve_plugin_logic.names import FIRST_NAMES

# (attribute, how a clue names the person with value {v}, values)
ATTRIBUTES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("name", "{v}", FIRST_NAMES[:16]),
    ("colour", "the person in the {v} house", (
        "red", "green", "blue", "yellow", "white", "black", "orange", "purple",
        "pink", "brown", "grey", "silver", "gold", "teal", "navy", "beige",
    )),
    ("pet", "the person who keeps the {v}", (
        "dog", "cat", "bird", "fish", "horse", "rabbit", "hamster", "turtle",
        "snake", "parrot", "ferret", "lizard", "goat", "pig", "frog", "mouse",
    )),
    ("drink", "the person who drinks {v}", (
        "tea", "coffee", "milk", "water", "juice", "cocoa", "soda", "lemonade",
        "wine", "beer", "cider", "kefir", "smoothie", "espresso", "lassi", "kombucha",
    )),
    ("job", "the {v}", (
        "doctor", "teacher", "lawyer", "pilot", "chef", "baker", "artist", "nurse",
        "farmer", "writer", "engineer", "dentist", "plumber", "architect", "banker", "singer",
    )),
    ("sport", "the person who plays {v}", (
        "tennis", "soccer", "chess", "golf", "hockey", "rugby", "cricket", "baseball",
        "basketball", "volleyball", "badminton", "squash", "polo", "handball", "bowling", "curling",
    )),
    ("fruit", "the person who likes the {v} best", (
        "apple", "banana", "cherry", "grape", "lemon", "mango", "peach", "pear",
        "plum", "kiwi", "melon", "papaya", "fig", "lime", "apricot", "guava",
    )),
    ("car", "the person who drives the {v}", (
        "audi", "bmw", "ford", "honda", "tesla", "toyota", "volvo", "fiat",
        "mazda", "kia", "skoda", "opel", "saab", "jeep", "lexus", "dodge",
    )),
    ("instrument", "the person who plays the {v}", (
        "piano", "guitar", "violin", "drums", "flute", "cello", "harp", "trumpet",
        "banjo", "oboe", "clarinet", "saxophone", "ukulele", "tuba", "viola", "accordion",
    )),
    ("hobby", "the person who enjoys {v}", (
        "painting", "reading", "hiking", "cooking", "gardening", "fishing", "dancing", "knitting",
        "sailing", "camping", "pottery", "surfing", "cycling", "climbing", "juggling", "origami",
    )),
    ("city", "the person from {v}", (
        "Paris", "Rome", "Berlin", "Madrid", "Lisbon", "Vienna", "Prague", "Oslo",
        "Dublin", "Athens", "Warsaw", "Zurich", "Budapest", "Helsinki", "Brussels", "Amsterdam",
    )),
    ("flower", "the person who grows {v}", (
        "roses", "tulips", "lilies", "daisies", "orchids", "irises", "peonies", "violets",
        "poppies", "dahlias", "asters", "begonias", "camellias", "freesias", "gerberas", "zinnias",
    )),
)  # fmt: skip


def attribute_values(attribute: int, count: int) -> list[str]:
    """The first ``count`` values of an attribute (numbered copies past the list)."""
    base = ATTRIBUTES[attribute % len(ATTRIBUTES)][2]
    values = list(base[:count])
    copy = 2
    while len(values) < count:
        values += [f"{v}{copy}" for v in base[: count - len(values)]]
        copy += 1
    if attribute >= len(ATTRIBUTES):  # a second round of attributes: numbered to stay distinct
        values = [f"{v}{attribute // len(ATTRIBUTES) + 1}x" for v in values]
    return values


def attribute_name(attribute: int) -> str:
    name = ATTRIBUTES[attribute % len(ATTRIBUTES)][0]
    return name if attribute < len(ATTRIBUTES) else f"{name} {attribute // len(ATTRIBUTES) + 1}"


def refer(attribute: int, value: str) -> str:
    """How a clue names the person with ``value``: "the person who drinks tea", "Alice"."""
    return ATTRIBUTES[attribute % len(ATTRIBUTES)][1].format(v=value)


def capitalised(sentence: str) -> str:
    """A clue as a sentence: its first letter in upper case (the rest as written, names included)."""
    return sentence[0].upper() + sentence[1:]
