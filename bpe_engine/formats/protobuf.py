"""A small reader of the protocol-buffer wire format, enough for SentencePiece's ``.model``.

Why our own and not ``sentencepiece``'s generated classes: those need the ``protobuf``
package (and ``sentencepiece`` itself ships them only as an extra), while the engine must load
these files with no dependency beyond its own; and the wire format is small and stable
(varints, fixed 32/64-bit values, length-delimited bytes). This reader also fails cleanly on a
damaged or hostile file: every length is checked against what is left, varints are at most
10 bytes, and it never recurses (a caller decodes a nested message by calling
:func:`fields` again on its bytes).
"""

from __future__ import annotations

import struct
from collections.abc import Iterator

__all__ = ["ProtobufError", "fields", "varint_value", "float_value", "text_value"]

VARINT, FIXED64, BYTES, FIXED32 = 0, 1, 2, 5


class ProtobufError(ValueError):
    """The bytes are not a valid protocol-buffer message (the message says where)."""


def _varint(data: bytes, i: int) -> tuple[int, int]:
    result = 0
    shift = 0
    end = min(len(data), i + 10)
    while i < end:
        byte = data[i]
        i += 1
        result |= (byte & 0x7F) << shift
        if byte < 0x80:
            return result, i
        shift += 7
    raise ProtobufError(f"a varint at byte {i} is cut short or longer than 10 bytes")


def fields(data: bytes, hop: frozenset[int] = frozenset()) -> Iterator[tuple[int, int, int | bytes]]:
    """``(field number, wire type, value)`` of each field of the message ``data``, in order:
    an int for varints, bytes for the others (fixed values are their raw 4 or 8 bytes).
    ``hop``: numbers (16 to 2047) of length-delimited fields the caller does not want; their
    short ones (under 128 bytes) are hopped over, checked to fit but not yielded (a
    trainer_spec's 768 symbols: a third of the time of yielding them)."""
    keys = {_key_bytes(number) for number in hop}
    i = 0
    n = len(data)
    while i < n:
        if keys:
            i = _hopped(data, i, n, keys)
            if i >= n:
                break
        start = i
        key = data[i]
        if key < 0x80:  # one or two bytes (every key of a .model): no call (a trainer_spec has 800 fields)
            i += 1
        elif i + 1 < n and data[i + 1] < 0x80:
            key = (key & 0x7F) | data[i + 1] << 7
            i += 2
        else:
            key, i = _varint(data, i)
        number, wire = key >> 3, key & 7
        if number == 0:
            raise ProtobufError(f"field number 0 at byte {start}")
        value: int | bytes
        if wire == VARINT:
            value, i = _varint(data, i)
        elif wire == BYTES:
            if i < n and data[i] < 0x80:
                length = data[i]
                i += 1
            else:
                length, i = _varint(data, i)
            if length > n - i:
                raise ProtobufError(
                    f"field {number} at byte {start} claims {length:,} bytes, but only {n - i:,} remain"
                )
            value = data[i : i + length]
            i += length
        elif wire in (FIXED32, FIXED64):
            size = 4 if wire == FIXED32 else 8
            if size > n - i:
                raise ProtobufError(f"field {number} at byte {start} is cut short")
            value = data[i : i + size]
            i += size
        else:
            raise ProtobufError(f"field {number} at byte {start} has wire type {wire}, which is not supported")
        yield number, wire, value


def _key_bytes(number: int) -> int:
    """The two bytes of a length-delimited field's key, as ``first | second << 8``."""
    if not 16 <= number < 2048:
        raise ValueError(f"field {number}: only fields 16 to 2047 (keys of two bytes) are hopped over")
    key = number << 3 | BYTES
    return (key & 0x7F | 0x80) | (key >> 7) << 8


def _hopped(data: bytes, i: int, n: int, keys: set[int]) -> int:
    """The offset after the run of fields from ``i`` whose key is one of ``keys`` and whose
    length is one byte, as long as each fits (one that does not is left to the reader,
    which names it)."""
    before = i
    while i + 2 < n and data[i] | data[i + 1] << 8 in keys and data[i + 2] < 0x80:
        before = i
        i += 3 + data[i + 2]
    return before if i > n else i


def varint_value(value: int | bytes, what: str) -> int:
    if not isinstance(value, int):
        raise ProtobufError(f"{what} must be a whole number")
    return value


def float_value(value: int | bytes, what: str) -> float:
    if not isinstance(value, bytes) or len(value) != 4:
        raise ProtobufError(f"{what} must be a 32-bit float")
    result: float = struct.unpack("<f", value)[0]
    return result


def text_value(value: int | bytes, what: str) -> str:
    if not isinstance(value, bytes):
        raise ProtobufError(f"{what} must be a string")
    try:
        return value.decode("utf-8")
    except UnicodeDecodeError:
        raise ProtobufError(f"{what} is not UTF-8") from None
