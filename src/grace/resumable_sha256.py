"""A SHA-256 whose running state can be saved and resumed in another process.

``hashlib`` objects can be copied but not saved, so extending the SHA-256 of a file after an
append means hashing the whole file again. OpenSSL's ``SHA256_Init / SHA256_Update /
SHA256_Final`` keep their state in a plain ``SHA256_CTX`` (112 bytes: 8 chaining words, the
bit count, the pending partial block, its length); saving those bytes and loading them back
resumes the same computation. The library is the one Python's own ``_hashlib`` links (found by
symbol lookup through that module), used through :mod:`ctypes`. The digests are plain SHA-256
(checked against :mod:`hashlib` when the module loads); where that API is missing or does not
behave, :func:`available` is false and callers hash the whole data again (decision 0020).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import hashlib
from typing import Any, Final

STATE_BYTES: Final = 112


class _Ctx(ctypes.Structure):
    _fields_ = [("h", ctypes.c_uint32 * 8), ("nl", ctypes.c_uint32), ("nh", ctypes.c_uint32),
                ("data", ctypes.c_uint32 * 16), ("num", ctypes.c_uint32),
                ("md_len", ctypes.c_uint32)]


def _load() -> Any:
    """The libcrypto functions, or ``None`` (checked on a known answer)."""
    candidates: list[str | None] = []
    try:
        import _hashlib

        candidates.append(_hashlib.__file__)
    except (ImportError, AttributeError):
        pass
    candidates.append(ctypes.util.find_library("crypto"))
    for name in candidates:
        if not name:
            continue
        try:
            lib = ctypes.CDLL(name)
            init, update, final = lib.SHA256_Init, lib.SHA256_Update, lib.SHA256_Final
        except (OSError, AttributeError):
            continue
        init.argtypes = [ctypes.POINTER(_Ctx)]
        update.argtypes = [ctypes.POINTER(_Ctx), ctypes.c_void_p, ctypes.c_size_t]
        final.argtypes = [ctypes.c_char_p, ctypes.POINTER(_Ctx)]
        if ctypes.sizeof(_Ctx) == STATE_BYTES and _known_answer(lib):
            return lib
    return None


def _known_answer(lib: Any) -> bool:
    data = bytes(range(256)) * 5
    ctx = _Ctx()
    if lib.SHA256_Init(ctypes.byref(ctx)) != 1:
        return False
    head, tail = data[:333], data[333:]
    lib.SHA256_Update(ctypes.byref(ctx), ctypes.c_char_p(head), len(head))
    resumed = _Ctx.from_buffer_copy(bytes(ctx))
    lib.SHA256_Update(ctypes.byref(resumed), ctypes.c_char_p(tail), len(tail))
    out = ctypes.create_string_buffer(32)
    lib.SHA256_Final(out, ctypes.byref(resumed))
    return out.raw == hashlib.sha256(data).digest()


_LIB: Final = _load()


def available() -> bool:
    """Whether states can be saved here (OpenSSL's low-level SHA-256 API was found)."""
    return _LIB is not None


class ResumableSha256:
    """SHA-256 with a state that :meth:`state` saves and :meth:`resume` loads.

    Raises:
        RuntimeError: built where :func:`available` is false.
    """

    def __init__(self, data: bytes = b"") -> None:
        if _LIB is None:
            raise RuntimeError("no resumable SHA-256 here (OpenSSL's SHA256_Init not found)")
        self._ctx = _Ctx()
        _LIB.SHA256_Init(ctypes.byref(self._ctx))
        if len(data):
            self.update(data)

    @classmethod
    def resume(cls, state: bytes) -> ResumableSha256:
        """The hash as :meth:`state` left it.

        Raises:
            ValueError: ``state`` is not :data:`STATE_BYTES` long.
        """
        if len(state) != STATE_BYTES:
            raise ValueError(f"a SHA-256 state is {STATE_BYTES} bytes, got {len(state)}")
        out = cls()
        out._ctx = _Ctx.from_buffer_copy(state)
        return out

    def update(self, data: bytes, start: int = 0, end: int | None = None) -> None:
        """Hash ``data[start:end]`` next, without copying it."""
        end = len(data) if end is None else min(end, len(data))
        if end <= start:
            return
        base = ctypes.cast(ctypes.c_char_p(data), ctypes.c_void_p).value
        assert _LIB is not None and base is not None
        _LIB.SHA256_Update(ctypes.byref(self._ctx), base + start, end - start)

    def state(self) -> bytes:
        """The running state (:data:`STATE_BYTES` bytes)."""
        return bytes(self._ctx)

    def hexdigest(self) -> str:
        """The digest of everything hashed so far (the state is left as it is)."""
        ctx = _Ctx.from_buffer_copy(bytes(self._ctx))
        out = ctypes.create_string_buffer(32)
        assert _LIB is not None
        _LIB.SHA256_Final(out, ctypes.byref(ctx))
        return out.raw.hex()
