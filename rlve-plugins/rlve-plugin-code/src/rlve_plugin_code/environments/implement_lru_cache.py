"""code/implement_lru_cache: write a Cache class with a stated eviction policy (LRU, LFU with a tie-break, TTL)."""

from __future__ import annotations

import random
from typing import Any

from rlve import Instance
from rlve.scaling import taper
from rlve_plugin_code.call_sequences import (
    MethodCallEnvironment,
    example_lines,
    hidden_call_tests,
    kill_near_misses,
    load_reference,
)

# The reference answer: this generic class with the problem's settings in front of it.
REFERENCE = '''
class Cache:
    def __init__(self, capacity):
        self.capacity = capacity
        self.now = 0
        self.entries = {}  # key -> [value, uses, last used, inserted, expires]

    def _tick(self):
        self.now += 1
        if TTL is not None:
            for key in [key for key, entry in self.entries.items() if entry[4] <= self.now]:
                del self.entries[key]

    def _victim(self):
        if POLICY == "lru":
            return min(self.entries, key=lambda key: self.entries[key][2])
        if TIE_BREAK == "least recently used":
            return min(self.entries, key=lambda key: (self.entries[key][1], self.entries[key][2]))
        if TIE_BREAK == "smallest key":
            return min(self.entries, key=lambda key: (self.entries[key][1], key))
        return min(self.entries, key=lambda key: (self.entries[key][1], self.entries[key][3]))

    def get(self, key):
        self._tick()
        entry = self.entries.get(key)
        if entry is None:
            return -1
        entry[1] += 1
        entry[2] = self.now
        return entry[0]

    def put(self, key, value):
        self._tick()
        expires = None if TTL is None else self.now + TTL
        entry = self.entries.get(key)
        if entry is not None:
            entry[0] = value
            entry[4] = expires
            if UPDATE_IS_USE:
                entry[1] += 1
                entry[2] = self.now
            return None
        evicted = None
        if len(self.entries) >= self.capacity:
            evicted = self._victim()
            del self.entries[evicted]
        self.entries[key] = [value, 1, self.now, self.now, expires]
        return evicted
'''

# Plausible wrong versions of the reference (text replaced: old, new), each with the settings it needs to differ.
NEAR_MISSES = (
    ("        entry[1] += 1\n        entry[2] = self.now\n        return entry[0]", "        return entry[0]", {}),
    ("            if UPDATE_IS_USE:", "            if not UPDATE_IS_USE:", {}),
    ("len(self.entries) >= self.capacity", "len(self.entries) > self.capacity", {}),
    ("len(self.entries) >= self.capacity", "len(self.entries) >= self.capacity - 1", {}),
    ("        entry = self.entries.get(key)\n        if entry is not None:\n            entry[0] = value",
     "        entry = self.entries.get(key)\n        if len(self.entries) >= self.capacity and entry is not None:\n"
     "            del self.entries[self._victim()]\n            entry = self.entries.get(key)\n"
     "        if entry is not None:\n            entry[0] = value", {}),
    ("(self.entries[key][1], self.entries[key][2])", "(self.entries[key][1], self.entries[key][3])",
     {"TIE_BREAK": "least recently used"}),
    ("(self.entries[key][1], self.entries[key][2])", "(self.entries[key][1], key)",
     {"TIE_BREAK": "least recently used"}),
    ("(self.entries[key][1], key)", "(self.entries[key][1], self.entries[key][2])", {"TIE_BREAK": "smallest key"}),
    ("(self.entries[key][1], key)", "(self.entries[key][1], -key)", {"TIE_BREAK": "smallest key"}),
    ("return min(self.entries, key=lambda key: (self.entries[key][1], self.entries[key][3]))",
     "return min(self.entries, key=lambda key: (self.entries[key][1], self.entries[key][2]))",
     {"TIE_BREAK": "earliest inserted"}),
    ("return min(self.entries, key=lambda key: (self.entries[key][1], self.entries[key][3]))",
     "return min(self.entries, key=lambda key: (self.entries[key][1], key))", {"TIE_BREAK": "earliest inserted"}),
    ("if POLICY == \"lru\":", "if True:", {"POLICY": "lfu"}),
    ("entry[4] <= self.now", "entry[4] < self.now", {"TTL": True}),
    ("            entry[4] = expires\n", "", {"TTL": True}),
)  # fmt: skip

TIE_BREAKS = ("least recently used", "smallest key", "earliest inserted")


def draw_settings(rng: random.Random, t: int, capacity: int) -> dict[str, Any]:
    """LRU up to d = 3, then LRU or LFU (with one of three tie-breaks); a time to live from d = 8, long enough
    for the cache to fill (with a time to live of at most ``capacity`` calls nothing would ever be evicted)."""
    lfu = t >= 4 and rng.random() < 0.7
    return {
        "POLICY": "lfu" if lfu else "lru",
        "TIE_BREAK": rng.choice(TIE_BREAKS) if lfu else None,
        "UPDATE_IS_USE": True if t < 2 else rng.random() < 0.5,
        "TTL": rng.randint(2 * capacity + 2, 4 * capacity + 4) if t >= 8 and rng.random() < 0.75 else None,
    }


def reference_source(settings: dict[str, Any]) -> str:
    return "".join(f"{key} = {value!r}\n" for key, value in settings.items()) + REFERENCE


def tie_pattern(rng: random.Random, capacity: int, keys: int) -> list[list[Any]]:
    """Fill the cache, use every key once more in the reverse order, put a new key: the keys tie on uses, and
    each of the tie-breaks evicts another one."""
    chosen = rng.sample(range(keys), capacity + 1)
    calls = [["put", [key, rng.randint(1, 99)]] for key in chosen[:-1]]
    calls += [["get", [key]] for key in reversed(chosen[:-1])]
    return calls + [["put", [chosen[-1], rng.randint(1, 99)]]]


def draw_test(
    rng: random.Random, cache_class: Any, capacity: int, keys: int, count: int, start: list | None = None
) -> dict[str, Any]:
    """``count`` calls on a fresh cache (``start`` first), the results recorded as they are made; gets favour
    keys in the cache."""
    cache = cache_class(capacity)
    calls: list[list[Any]] = list(start or [])
    results: list[Any] = [getattr(cache, method)(*args) for method, args in calls]
    while len(calls) < count:
        if rng.random() < 0.45:
            cached = list(cache.entries)
            key = rng.choice(cached) if cached and rng.random() < 0.7 else rng.randrange(keys)
            call: list[Any] = ["get", [key]]
        else:
            call = ["put", [rng.randrange(keys), rng.randint(1, 99)]]
        calls.append(call)
        results.append(getattr(cache, call[0])(*call[1]))
    return {"args": [[capacity], calls], "expected": results}


def policy_text(settings: dict[str, Any], capacity_word: str) -> str:
    update = (
        "An update counts as a use of the key (like a get)."
        if settings["UPDATE_IS_USE"]
        else "An update does NOT count as a use of the key: it only replaces the value."
    )
    if settings["POLICY"] == "lru":
        policy = (
            f"When a new key is put into a cache that already holds {capacity_word} keys, the least recently used "
            "key is evicted first: the one whose last use is the oldest. A use of a key is a put that inserts it, "
            f"or a get that finds it. {update}"
        )
    else:
        tie = settings["TIE_BREAK"]
        ties = {
            "least recently used": "the one whose last use is the oldest",
            "smallest key": "the smallest key",
            "earliest inserted": "the one inserted earliest (updates do not change when a key was inserted)",
        }[tie]
        policy = (
            f"When a new key is put into a cache that already holds {capacity_word} keys, the least frequently "
            "used key is evicted first: the one with the fewest uses since it was inserted. A use of a key is a "
            f"put that inserts it (so a new key has 1 use), or a get that finds it. {update} Among keys with the "
            f"same number of uses, the {tie} one is evicted: {ties}. A key that is evicted and put again starts "
            "over (1 use, inserted anew)."
        )
    if settings["TTL"] is not None:
        ttl = settings["TTL"]
        policy += (
            f"\n\nTime to live: time is counted in calls. The first call of get or put happens at time 1, the next "
            f"at time 2, and so on. A put (insert or update) at time t makes the entry expire at time t + {ttl}: "
            f"from the call at time t + {ttl} on, the key is no longer in the cache (get returns -1, it does not "
            "count toward the capacity, and it is not reported as evicted). Expired keys are dropped at the start "
            "of each call, before anything else."
        )
    return policy


class ImplementLruCache(MethodCallEnvironment):
    id = "code/implement_lru_cache"
    version = 1
    description = (
        "Write a Cache class (get, put returning the evicted key) with a stated eviction policy: LRU, LFU with a "
        "stated tie-break, and a time to live counted in calls."
    )
    difficulty_scales = (
        "calls per hidden test: 8 + 2d (slower past d=30, at most 120); capacity: 2 + d // 5 up to 8; LRU up to d=3, "
        "LRU or LFU (three tie-breaks) from d=4; whether an update counts as a use varies from d=2; a time to live "
        "from d=8"
    )
    size_name = "calls per test"
    answer_format = "Python code defining the class Cache (inside a ```python fence or not)"
    tags = ("code", "classes", "data structures")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        t = taper(difficulty)
        calls = min(8 + 2 * t, 120)
        capacity = min(8, 2 + t // 5)
        settings = draw_settings(rng, t, capacity)
        keys = capacity + 2 + min(t, 30) // 6
        cache_class = load_reference(REFERENCE, "Cache", settings)
        tests = [draw_test(rng, cache_class, capacity, keys, calls, tie_pattern(rng, capacity, keys))]
        tests += [draw_test(rng, cache_class, capacity, keys, calls) for _ in range(6)]
        tests.append(draw_test(rng, cache_class, 1, 3, calls // 2))  # a cache of capacity 1
        example = draw_test(rng, cache_class, capacity, keys, 6 + capacity)
        near_misses = [
            load_reference(REFERENCE.replace(old, new), "Cache", settings)
            for old, new, needs in NEAR_MISSES
            if all(settings[key] == value or (value is True and settings[key]) for key, value in needs.items())
        ]
        longer = max(calls, 40)
        tests = kill_near_misses(
            tests, near_misses, lambda: draw_test(rng, cache_class, capacity, keys, longer), tries=60
        )
        prompt = (
            "Write a Python class Cache, a key-value cache of limited size, with these methods:\n\n"
            "- Cache(capacity): an empty cache that holds at most capacity keys (capacity >= 1).\n"
            "- get(key): returns the value stored for key, or -1 if key is not in the cache.\n"
            "- put(key, value): stores value for key. If key is already in the cache, its value is replaced "
            "(an update: nothing is evicted) and put returns None. Otherwise key is inserted, after evicting one "
            "key if the cache is full; put returns the evicted key, or None if nothing was evicted.\n\n"
            "Keys and values are ints.\n\n"
            f"Eviction policy: {policy_text(settings, 'capacity')}\n\n"
            f"For example, after c = Cache({capacity}):\n\n{example_lines('c', example)}\n\n"
            f"{hidden_call_tests('a Cache', 'capacity 1 included')}"
        )
        data: dict[str, Any] = {"class": "Cache", "entry": "Cache", "arity": 2, "tests": tests}
        return Instance(prompt=prompt, answer=reference_source(settings), data=data, size=calls)
