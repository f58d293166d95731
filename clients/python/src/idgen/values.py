"""Immutable values for the extension's ulid, ksuid, objectid, xid12, scru128,
timeflake and typeid types.

Each holds the type's bytes exactly as the server stores and sends them in
binary, orders like the server (by those bytes), and parses and prints the
server's text form, refusing what the server refuses.
"""
from __future__ import annotations

import datetime
import functools
import uuid

from .families import FAMILIES, NATIVE_TYPES

UTC = datetime.timezone.utc
_UNIX_EPOCH = datetime.datetime(1970, 1, 1, tzinfo=UTC)

# The alphabets, as the family table writes them (families.py)
CROCKFORD_ALPHABET = FAMILIES["ulid"].digits
BASE62_ALPHABET = FAMILIES["ksuid"].digits
HEX_ALPHABET = FAMILIES["objectid"].digits
BASE32HEX_ALPHABET = FAMILIES["xid12"].digits
BASE36_ALPHABET = FAMILIES["scru128"].digits


def _digit_values(family) -> dict:
    """Each character a family's text may hold: its digit's value (both
    cases where the family reads either). family: its name, or its row."""
    f = FAMILIES[family] if isinstance(family, str) else family
    values = {c: v for v, c in enumerate(f.digits)}
    if f.either_case:
        values.update({c.swapcase(): v for c, v in list(values.items())})
    return values


_CROCKFORD_DIGITS = _digit_values("ulid")
_BASE62_DIGITS = _digit_values("ksuid")
_HEX_DIGITS = _digit_values("objectid")
_BASE32HEX_DIGITS = _digit_values("xid12")
_BASE36_DIGITS = _digit_values("scru128")


@functools.total_ordering
class _FixedBytesId:
    """The shared behaviour; subclasses give the size, alphabet and time field."""

    __slots__ = ("_bytes",)
    SIZE: int
    TEXT_LENGTH: int
    NAME: str  # as the server's messages write it
    SQL_TYPE: str
    _ALPHABET_DESCRIPTION: str
    _DIGITS: dict
    _BASE: int
    _PAD_BITS = 0  # the text's low bits past the value, always zero (xid: 4)

    def __init__(self, value: "str | bytes | bytearray | memoryview | _FixedBytesId"):
        if isinstance(value, type(self)):
            raw = value._bytes
        elif isinstance(value, str):
            raw = self._parse(value)
        elif isinstance(value, (bytes, bytearray, memoryview)):
            raw = bytes(value)
            if len(raw) != self.SIZE:
                raise ValueError(
                    f"invalid {self.NAME} {raw!r}: {self.NAME} binary is {self.SIZE} bytes; this is {len(raw)}")
        else:
            raise TypeError(f"{self.NAME} values are made from str or bytes, not {type(value).__name__}")
        object.__setattr__(self, "_bytes", raw)

    @classmethod
    def _parse(cls, text: str) -> bytes:
        # Same checks in the same order as the server's input function, so a
        # value refused here names the same fault the server would.
        digits = cls._DIGITS
        for i, c in enumerate(text):
            if c not in digits:
                raise ValueError(
                    f"invalid {cls.NAME} {text!r}: character {i + 1}, {c!r}, is not in "
                    f"{cls._ALPHABET_DESCRIPTION}; {cls.NAME} text is {cls.TEXT_LENGTH} of them")
        if len(text) != cls.TEXT_LENGTH:
            raise ValueError(
                f"invalid {cls.NAME} {text!r}: {cls.NAME} text is {cls.TEXT_LENGTH} characters "
                f"of {cls._ALPHABET_DESCRIPTION}; this is {len(text)}")
        number = 0
        for c in text:
            number = number * cls._BASE + digits[c]
        if number >> (8 * cls.SIZE + cls._PAD_BITS):
            largest = cls(b"\xff" * cls.SIZE)
            raise ValueError(f"{cls.NAME} {text!r} is out of range: the largest {cls.NAME} is {largest}")
        if number & ((1 << cls._PAD_BITS) - 1):
            raise ValueError(f"invalid {cls.NAME} {text!r}: character {len(text)}, {text[-1]!r}, sets padding bits: "
                             f"the low {cls._PAD_BITS} bits of the last character are always zero")
        return (number >> cls._PAD_BITS).to_bytes(cls.SIZE, "big")

    def __str__(self) -> str:
        alphabet = self._ALPHABET
        number = int.from_bytes(self._bytes, "big") << self._PAD_BITS
        out = []
        for _ in range(self.TEXT_LENGTH):
            number, digit = divmod(number, self._BASE)
            out.append(alphabet[digit])
        return "".join(reversed(out))

    def __repr__(self) -> str:
        return f"{type(self).__name__}('{self}')"

    @property
    def bytes(self) -> bytes:
        """The value's bytes: the type's binary wire format."""
        return self._bytes

    @property
    def timestamp(self) -> datetime.datetime:
        """The time it carries, as an aware datetime in UTC."""
        try:
            return _UNIX_EPOCH + datetime.timedelta(milliseconds=self._unix_ms())
        except OverflowError:
            raise ValueError(f"{self.NAME} {self}'s time is past datetime's year 9999") from None

    def _unix_ms(self) -> int:
        raise NotImplementedError

    def __setattr__(self, name, value):
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __delattr__(self, name):
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __reduce__(self):
        return (type(self), (self._bytes,))

    def __eq__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        return self._bytes == other._bytes

    def __lt__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        return self._bytes < other._bytes

    def __hash__(self):
        return hash((type(self).__name__, self._bytes))


class Ulid(_FixedBytesId):
    """A ULID: 48-bit Unix milliseconds, then 80 random bits; 26 Crockford base32
    characters (either case in, upper case out). Also made from a uuid.UUID:
    the server casts ulid to and from uuid keeping the bytes."""

    __slots__ = ()
    SIZE = FAMILIES["ulid"].value_bytes
    TEXT_LENGTH = FAMILIES["ulid"].text_len
    NAME = FAMILIES["ulid"].display_name
    SQL_TYPE = "ulid"
    _ALPHABET = CROCKFORD_ALPHABET
    _ALPHABET_DESCRIPTION = FAMILIES["ulid"].alphabet
    _DIGITS = _CROCKFORD_DIGITS
    _BASE = len(CROCKFORD_ALPHABET)

    def __init__(self, value: "str | bytes | uuid.UUID | Ulid"):
        super().__init__(value.bytes if isinstance(value, uuid.UUID) else value)

    @property
    def uuid(self) -> uuid.UUID:
        """The same 16 bytes as a uuid.UUID (what `id::uuid` gives)."""
        return uuid.UUID(bytes=self._bytes)

    def _unix_ms(self) -> int:
        return int.from_bytes(self._bytes[:6], "big")


class Ksuid(_FixedBytesId):
    """A KSUID: 32-bit seconds since 2014-05-13 16:53:20 UTC (Unix 1400000000),
    then 128 random bits; 27 base62 characters (case matters)."""

    __slots__ = ()
    SIZE = FAMILIES["ksuid"].value_bytes
    TEXT_LENGTH = FAMILIES["ksuid"].text_len
    NAME = FAMILIES["ksuid"].display_name
    SQL_TYPE = "ksuid"
    EPOCH_UNIX_S = FAMILIES["ksuid"].default_epoch_ms // 1000
    _ALPHABET = BASE62_ALPHABET
    _ALPHABET_DESCRIPTION = FAMILIES["ksuid"].alphabet
    _DIGITS = _BASE62_DIGITS
    _BASE = len(BASE62_ALPHABET)

    def _unix_ms(self) -> int:
        return (self.EPOCH_UNIX_S + int.from_bytes(self._bytes[:4], "big")) * 1000

    @property
    def ms_timestamp(self) -> datetime.datetime:
        """The time of a KSUID-ms (svix's KsuidMs, from `ksuid_ms()`), to 4 ms:
        the second plus (5th byte * 4) % 1000 ms, as `ksuid_ms_timestamp(id)`
        reads it. Meaningless for a plain KSUID, whose 5th byte is random."""
        return self.timestamp + datetime.timedelta(milliseconds=self._bytes[4] * 4 % 1000)


class ObjectId(_FixedBytesId):
    """A MongoDB ObjectId: 32-bit Unix seconds, 40 random bits per process, a
    24-bit counter; 24 hexadecimal digits (either case in, lower case out)."""

    __slots__ = ()
    SIZE = FAMILIES["objectid"].value_bytes
    TEXT_LENGTH = FAMILIES["objectid"].text_len
    NAME = FAMILIES["objectid"].display_name
    SQL_TYPE = "objectid"
    _ALPHABET = HEX_ALPHABET
    _ALPHABET_DESCRIPTION = FAMILIES["objectid"].alphabet
    _DIGITS = _HEX_DIGITS
    _BASE = len(HEX_ALPHABET)

    @property
    def counter(self) -> int:
        """The 24-bit counter (what `objectid_counter(id)` gives)."""
        return int.from_bytes(self._bytes[9:], "big")

    def _unix_ms(self) -> int:
        return int.from_bytes(self._bytes[:4], "big") * 1000


class Xid(_FixedBytesId):
    """An xid (rs/xid; the SQL type xid12): 32-bit Unix seconds, 24-bit machine
    id, 16-bit process id, 24-bit counter (an ObjectId's bytes); 20 base32hex
    characters in lower case, the last one's 4 low bits zero."""

    __slots__ = ()
    SIZE = FAMILIES["xid12"].value_bytes
    TEXT_LENGTH = FAMILIES["xid12"].text_len
    NAME = FAMILIES["xid12"].display_name
    SQL_TYPE = "xid12"
    _ALPHABET = BASE32HEX_ALPHABET
    _ALPHABET_DESCRIPTION = FAMILIES["xid12"].alphabet
    _DIGITS = _BASE32HEX_DIGITS
    _BASE = len(BASE32HEX_ALPHABET)
    _PAD_BITS = FAMILIES["xid12"].pad_bits

    @property
    def machine(self) -> int:
        """The 24-bit machine id (what `xid_machine(id)` gives)."""
        return int.from_bytes(self._bytes[4:7], "big")

    @property
    def pid(self) -> int:
        """The 16-bit process id (what `xid_pid(id)` gives)."""
        return int.from_bytes(self._bytes[7:9], "big")

    @property
    def counter(self) -> int:
        """The 24-bit counter (what `xid_counter(id)` gives)."""
        return int.from_bytes(self._bytes[9:], "big")

    def _unix_ms(self) -> int:
        return int.from_bytes(self._bytes[:4], "big") * 1000


class Scru128(_FixedBytesId):
    """A SCRU128: 48-bit Unix ms, 24-bit counter_hi, 24-bit counter_lo, 32-bit
    entropy; 25 base36 characters (either case in, lower case out)."""

    __slots__ = ()
    SIZE = FAMILIES["scru128"].value_bytes
    TEXT_LENGTH = FAMILIES["scru128"].text_len
    NAME = FAMILIES["scru128"].display_name
    SQL_TYPE = "scru128"
    _ALPHABET = BASE36_ALPHABET
    _ALPHABET_DESCRIPTION = FAMILIES["scru128"].alphabet
    _DIGITS = _BASE36_DIGITS
    _BASE = len(BASE36_ALPHABET)

    def _unix_ms(self) -> int:
        return int.from_bytes(self._bytes[:6], "big")


class Timeflake(_FixedBytesId):
    """A Timeflake: 48-bit Unix ms and 80 random bits (a ULID's bits); 22 base62
    characters (case matters), or 32 hex digits in. Also made from a
    uuid.UUID: the server casts timeflake to and from uuid keeping the bytes."""

    __slots__ = ()
    SIZE = FAMILIES["timeflake"].value_bytes
    TEXT_LENGTH = FAMILIES["timeflake"].text_len
    NAME = FAMILIES["timeflake"].display_name
    SQL_TYPE = "timeflake"
    _ALPHABET = FAMILIES["timeflake"].digits
    _ALPHABET_DESCRIPTION = "base62: 0-9, A-Z and a-z"  # the table's, without its note on hex text
    _DIGITS = _digit_values("timeflake")
    _BASE = len(_ALPHABET)

    def __init__(self, value: "str | bytes | uuid.UUID | Timeflake"):
        super().__init__(value.bytes if isinstance(value, uuid.UUID) else value)

    @classmethod
    def _parse(cls, text: str) -> bytes:
        if len(text) == FAMILIES["timeflake"].other_text_len:  # the reference's hex form
            for i, c in enumerate(text):
                if c not in _HEX_DIGITS:
                    raise ValueError(f"invalid {cls.NAME} {text!r}: character {i + 1}, {c!r}, is not in "
                                     "hexadecimal: 0-9, a-f and A-F (32-character Timeflake text is hex)")
            return bytes.fromhex(text)
        return super()._parse(text)

    @property
    def uuid(self) -> uuid.UUID:
        """The same 16 bytes as a uuid.UUID (what `id::uuid` gives)."""
        return uuid.UUID(bytes=self._bytes)

    def _unix_ms(self) -> int:
        return int.from_bytes(self._bytes[:6], "big")



def missing_type_error(sql_type: str) -> LookupError:
    """What a driver adapter raises when the database has no such type."""
    return LookupError(f"type {sql_type} does not exist in this database: run CREATE EXTENSION idgen "
                       f"(or put the extension's schema on the search_path) before registering")


@functools.total_ordering
class TypeId:
    """A TypeID (jetify spec 0.3.0): a type prefix and a UUID, written
    `prefix_` and the UUID in 26 lower-case Crockford base32 characters (no `_`
    when the prefix is empty). Made from its text, from the server's binary
    form (the prefix's bytes, then the UUID's 16), or from a prefix and a
    uuid.UUID (what `typeid_from_uuid(prefix, id)` gives). Orders as the
    server does: by prefix (as bytes), then UUID."""

    __slots__ = ("_prefix", "_uuid")
    NAME = FAMILIES["typeid"].display_name
    SQL_TYPE = "typeid"
    PREFIX_MAX = FAMILIES["typeid"].prefix_max_len
    _SUFFIX_ALPHABET = FAMILIES["typeid"].digits
    _SUFFIX_LENGTH = FAMILIES["typeid"].text_len
    _LARGEST_SUFFIX = FAMILIES["typeid"].largest.split()[0]  # the table's: "7zz...z after its prefix"
    _SUFFIX_DIGITS = _digit_values("typeid")
    _PREFIX_RULE = ("a prefix is empty, or up to 63 characters of a-z and '_' "
                    "that start and end with a letter")

    def __init__(self, value: "str | bytes | bytearray | memoryview | TypeId", uuid_value: "uuid.UUID | None" = None):
        if uuid_value is not None:
            if not isinstance(value, str) or not isinstance(uuid_value, uuid.UUID):
                raise TypeError("TypeId(prefix, uuid) takes a str and a uuid.UUID")
            self._check_prefix(value, value)
            prefix, raw = value, uuid_value.bytes
        elif isinstance(value, TypeId):
            prefix, raw = value._prefix, value._uuid
        elif isinstance(value, str):
            prefix, raw = self._parse(value)
        elif isinstance(value, (bytes, bytearray, memoryview)):
            data = bytes(value)
            if len(data) < 16:
                raise ValueError(f"invalid TypeID {data!r}: TypeID binary is a prefix and 16 bytes; this is {len(data)}")
            try:
                prefix = data[:-16].decode("ascii")
            except UnicodeDecodeError:
                raise ValueError(f"invalid TypeID {data!r}: its prefix is not a TypeID prefix") from None
            self._check_prefix(prefix, prefix)
            raw = data[-16:]
        else:
            raise TypeError(f"TypeID values are made from str or bytes, not {type(value).__name__}")
        object.__setattr__(self, "_prefix", prefix)
        object.__setattr__(self, "_uuid", raw)

    @classmethod
    def _check_prefix(cls, prefix: str, text: str) -> None:
        # the server's order: a character outside a-z and '_', a '_' at an end, the length
        for i, c in enumerate(prefix):
            if not ("a" <= c <= "z" or c == "_"):
                raise ValueError(f"invalid TypeID {text!r}: character {i + 1}, {c!r}, is not a lower-case "
                                 f"letter or '_': {cls._PREFIX_RULE}")
        for i in (0, len(prefix) - 1):
            if prefix and prefix[i] == "_":
                raise ValueError(f"invalid TypeID {text!r}: character {i + 1}, '_', starts or ends the "
                                 f"prefix: {cls._PREFIX_RULE}")
        if len(prefix) > cls.PREFIX_MAX:
            raise ValueError(f"invalid TypeID {text!r}: the prefix is {len(prefix)} characters: {cls._PREFIX_RULE}")

    @classmethod
    def _parse(cls, text: str) -> "tuple[str, bytes]":
        sep = text.rfind("_")
        if sep == 0:
            raise ValueError(f"invalid TypeID {text!r}: character 1, '_', starts or ends the prefix: "
                             f"{cls._PREFIX_RULE}")
        prefix = text[:sep] if sep > 0 else ""
        cls._check_prefix(prefix, text)
        suffix = text[sep + 1:]
        for i, c in enumerate(suffix):
            if c not in cls._SUFFIX_DIGITS:
                raise ValueError(f"invalid TypeID {text!r}: character {sep + 2 + i}, {c!r}, is not in a TypeID "
                                 "suffix: 0-9 and a-z without i, l, o and u (lower case only)")
        if len(suffix) != cls._SUFFIX_LENGTH:
            raise ValueError(f"invalid TypeID {text!r}: the suffix after the last '_' is {len(suffix)} "
                             f"characters; a TypeID's is {cls._SUFFIX_LENGTH}")
        number = 0
        for c in suffix:
            number = number * len(cls._SUFFIX_ALPHABET) + cls._SUFFIX_DIGITS[c]
        if number >> 128:  # the suffix spells a UUID
            raise ValueError(f"TypeID {text!r} is out of range: the largest suffix is {cls._LARGEST_SUFFIX}")
        return prefix, number.to_bytes(16, "big")

    def __str__(self) -> str:
        number = int.from_bytes(self._uuid, "big")
        out = []
        for _ in range(self._SUFFIX_LENGTH):
            number, digit = divmod(number, len(self._SUFFIX_ALPHABET))
            out.append(self._SUFFIX_ALPHABET[digit])
        suffix = "".join(reversed(out))
        return f"{self._prefix}_{suffix}" if self._prefix else suffix

    def __repr__(self) -> str:
        return f"TypeId('{self}')"

    @property
    def prefix(self) -> str:
        """The type prefix (what `typeid_prefix(id)` gives); '' for none."""
        return self._prefix

    @property
    def uuid(self) -> uuid.UUID:
        """The UUID (what `typeid_uuid(id)` gives)."""
        return uuid.UUID(bytes=self._uuid)

    @property
    def bytes(self) -> bytes:
        """The type's binary wire format: the prefix's bytes, then the UUID's 16."""
        return self._prefix.encode("ascii") + self._uuid

    @property
    def timestamp(self) -> "datetime.datetime | None":
        """A UUIDv7's time as an aware datetime in UTC; None for other UUIDs, as
        `typeid_timestamp(id)` gives NULL."""
        if self._uuid[6] >> 4 != 7 or self._uuid[8] & 0xC0 != 0x80:
            return None
        return _UNIX_EPOCH + datetime.timedelta(milliseconds=int.from_bytes(self._uuid[:6], "big"))

    def __setattr__(self, name, value):
        raise AttributeError("TypeId is immutable")

    def __delattr__(self, name):
        raise AttributeError("TypeId is immutable")

    def __reduce__(self):
        return (TypeId, (self.bytes,))

    def __eq__(self, other):
        if type(other) is not TypeId:
            return NotImplemented
        return (self._prefix, self._uuid) == (other._prefix, other._uuid)

    def __lt__(self, other):
        if type(other) is not TypeId:
            return NotImplemented
        return (self._prefix.encode("ascii"), self._uuid) < (other._prefix.encode("ascii"), other._uuid)

    def __hash__(self):
        return hash(("TypeId", self._prefix, self._uuid))


def _fields_of(family) -> dict:
    """A row's fields (families.py's fields: "ts:64 worker:48 seq:16") as
    {name: (first bit, bits)}, "-" left out."""
    out, first = {}, 0
    for item in (family.fields or "").split():
        name, bits = item.split(":")
        if name != "-":
            out[name] = (first, int(bits))
        first += int(bits)
    return out


def _row_class(name: str, f=None) -> type:
    """The value class of a type made from its row of the family table (a
    table type, or a row with fields): its size, text, refusals and time are
    its row's (f, FAMILIES[name] unless given), and each field its row names
    is a property."""
    f = f or FAMILIES[name]
    fields = _fields_of(f)
    if f.table_type:
        fields["ts"] = (0, 8 * f.time_bytes)

    def field(self, at):
        first, bits = at
        return (int.from_bytes(self._bytes, "big") >> (8 * self.SIZE - first - bits)) & ((1 << bits) - 1)

    def unix_ms(self):
        ms = field(self, fields["ts"]) * f.time_unit_ms + (0 if f.table_type else f.default_epoch_ms)
        if ms > f.max_time_ms:
            raise ValueError(f"{self.NAME} {self}'s time, {ms} ms, is past {f.max_time_ms} ms, the last its time "
                             f"field is read to")
        return ms

    attrs = {
        "__slots__": (), "__doc__": f"A {f.display_name}, as its row of the family table says (idgen.families).",
        "SIZE": f.value_bytes, "TEXT_LENGTH": f.text_len, "NAME": f.display_name, "SQL_TYPE": name,
        "_ALPHABET": f.digits, "_ALPHABET_DESCRIPTION": f.alphabet, "_DIGITS": _digit_values(f),
        "_BASE": len(f.digits), "_PAD_BITS": f.pad_bits, "_unix_ms": unix_ms,
        "FIELDS": tuple(n for n in fields if n != "ts"),
    }
    for n, at in fields.items():
        if n != "ts":
            attrs[n] = property(lambda self, at=at: field(self, at), doc=f"its {n} field")
    return type(name.capitalize(), (_FixedBytesId,), attrs)


def _classes_of_native_types() -> tuple:
    """A value class for each of the extension's types, in the family table's
    order: those written here, and for a type made from its row alone, a
    class made from the row (module attributes too: idgen.values.Sulid). A
    type the table has and neither gives fails the import."""
    by_type = {c.SQL_TYPE: c for c in (Ulid, Ksuid, ObjectId, Xid, Scru128, Timeflake, TypeId)}
    for t in NATIVE_TYPES:
        if t.name not in by_type and (FAMILIES[t.name].table_type or FAMILIES[t.name].fields):
            by_type[t.name] = globals()[t.name.capitalize()] = _row_class(t.name)
    missing = [t.name for t in NATIVE_TYPES if t.name not in by_type]
    if missing:
        raise ImportError(f"idgen.values has no class for the type(s) {', '.join(missing)} of the family table")
    return tuple(by_type[t.name] for t in NATIVE_TYPES)


# every type of idgen.families.NATIVE_TYPES, in its order
ID_CLASSES = _classes_of_native_types()
