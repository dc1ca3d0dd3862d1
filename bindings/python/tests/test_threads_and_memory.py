"""Many threads at once give the answers one thread gives, and repeated calls keep memory flat."""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor

import modalkit
from conftest import SAMPLES


def answers(data: bytes) -> tuple:
    try:
        drawn = modalkit.render(data, "ansi", 44, "dark")
    except modalkit.ModalKitError as error:
        drawn = type(error).__name__
    return modalkit.validate_report(data, strict=True), drawn


def test_eight_threads_agree_with_one() -> None:
    documents = [path.read_bytes() for path in SAMPLES]
    expected = [answers(data) for data in documents]
    work = documents * 20
    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(answers, work))
    assert results == expected * 20


def resident_bytes() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def test_memory_is_flat_over_twenty_thousand_calls() -> None:
    documents = [path.read_bytes() for path in SAMPLES]
    calls = [modalkit.validate, modalkit.fix, lambda data: modalkit.render(data, "plain", 40)]

    def round_of(count: int) -> None:
        for index in range(count):
            data = documents[index % len(documents)]
            try:
                calls[index % len(calls)](data)
            except modalkit.ModalKitError:
                pass

    # The first calls fill the Swift runtime's type caches and Python's allocator pools, which then stay.
    round_of(2_000)
    before = resident_bytes()
    round_of(20_000)
    grown = resident_bytes() - before
    # A leak of even one small result a call would be 20,000 blocks, well over a few MiB.
    assert grown < 4 * 1024 * 1024, f"resident memory grew by {grown} bytes over 20,000 calls"
