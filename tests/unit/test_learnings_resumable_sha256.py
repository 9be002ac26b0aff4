"""The resumable SHA-256 the learnings index extends after an append (decision 0020)."""

from __future__ import annotations

import hashlib
import os
from dataclasses import replace

import pytest

from grace import resumable_sha256
from grace.learnings.domain.staleness import IndexMeta, extend_sha256, prefix_and_whole_sha256

needs = pytest.mark.skipif(not resumable_sha256.available(), reason="no OpenSSL SHA256_Init")


@needs
@pytest.mark.parametrize("cut", [0, 1, 63, 64, 65, 1000, 4095])
def test_a_saved_state_resumes_to_the_plain_sha256(cut):
    data = os.urandom(4096)
    h = resumable_sha256.ResumableSha256(data[:cut])
    assert h.hexdigest() == hashlib.sha256(data[:cut]).hexdigest()
    again = resumable_sha256.ResumableSha256.resume(h.state())
    again.update(data, cut)
    assert again.hexdigest() == hashlib.sha256(data).hexdigest()
    with pytest.raises(ValueError, match="112 bytes"):
        resumable_sha256.ResumableSha256.resume(b"short")


def meta_for(data: bytes) -> IndexMeta:
    head, _, state = prefix_and_whole_sha256(data, len(data))
    return IndexMeta(model="m", dimensions=4, count=0, last_rebuilt="-",
                     source_hash="sha256:" + head, model_identity={}, source_bytes=len(data),
                     source_ends_with_newline=True, line_count=0, files={}, last_updated="-",
                     source_state=state)


@needs
def test_extend_checks_the_state_against_the_recorded_hash():
    data, tail = b"line one\nline two\n", b"line three\n"
    meta = meta_for(data)
    assert extend_sha256(meta, tail) is not None
    digest, _ = extend_sha256(meta, tail)  # type: ignore[misc]
    assert digest == hashlib.sha256(data + tail).hexdigest()
    other = meta_for(b"something else\n")
    assert extend_sha256(replace(meta, source_state=other.source_state), tail) is None
    assert extend_sha256(replace(meta, source_state="zz"), tail) is None
    assert extend_sha256(replace(meta, source_state=None), tail) is None


def test_without_the_library_the_whole_data_is_hashed(monkeypatch):
    monkeypatch.setattr(resumable_sha256, "available", lambda: False)  # as staleness sees it
    data = b"abc\ndef\n"
    head, whole, state = prefix_and_whole_sha256(data, 4)
    assert (head, whole, state) == (hashlib.sha256(data[:4]).hexdigest(),
                                    hashlib.sha256(data).hexdigest(), None)
    assert extend_sha256(meta_for(data), b"x\n") is None
