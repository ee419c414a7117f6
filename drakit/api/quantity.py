"""Kubernetes resource quantities (apimachinery ``resource.Quantity``), exactly.

Why a port and not ``float``: DRA accounting (consumable capacity, counters, KEP-5517
node-allocatable amounts) adds and compares quantities such as ``4`` + ``100m`` and
``8Gi`` + ``100Mi``; the harness must get ``4100m`` and ``8292Mi`` byte for byte, as the
API server prints them, and never be off by a float rounding. Values are held as exact
``fractions.Fraction``; parsing rounds up to nano precision like ``ParseQuantity``; the
string form follows ``CanonicalizeBytes`` (plus the "keep the original text when it is
already canonical" cache that ``ParseQuantity`` sets up, so ``1e3`` stays ``1e3`` and
``100m`` stays ``100m``).

Rules cross-checked against kubernetes/apimachinery ``pkg/api/resource/quantity.go``,
``suffix.go`` and ``amount.go`` (master, 2026-07).
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Final

__all__ = [
    "BINARY_SI",
    "DECIMAL_EXPONENT",
    "DECIMAL_SI",
    "Quantity",
    "QuantityError",
    "QuantityTooLarge",
    "parse_quantity",
]

BINARY_SI: Final = "BinarySI"
DECIMAL_SI: Final = "DecimalSI"
DECIMAL_EXPONENT: Final = "DecimalExponent"

SPLIT_RE: Final = "^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$"
ERR_FORMAT_WRONG: Final = f"quantities must match the regular expression '{SPLIT_RE}'"
ERR_NUMERIC: Final = "unable to parse numeric part of quantity"
ERR_SUFFIX: Final = "unable to parse quantity's suffix"

_NANO = Fraction(1, 10**9)
_MAX_BINARY = 2**63 - 1  # BinarySI values are capped at MaxInt64 like upstream
_SUFFIX_CHARS = frozenset("eEinumkKMGTP")
_DIGITS = frozenset("0123456789")

# suffix -> (base, exponent, format)
_SUFFIXES: dict[str, tuple[int, int, str]] = {
    "": (10, 0, DECIMAL_SI),
    "n": (10, -9, DECIMAL_SI),
    "u": (10, -6, DECIMAL_SI),
    "m": (10, -3, DECIMAL_SI),
    "k": (10, 3, DECIMAL_SI),
    "M": (10, 6, DECIMAL_SI),
    "G": (10, 9, DECIMAL_SI),
    "T": (10, 12, DECIMAL_SI),
    "P": (10, 15, DECIMAL_SI),
    "E": (10, 18, DECIMAL_SI),
    "Ki": (2, 10, BINARY_SI),
    "Mi": (2, 20, BINARY_SI),
    "Gi": (2, 30, BINARY_SI),
    "Ti": (2, 40, BINARY_SI),
    "Pi": (2, 50, BINARY_SI),
    "Ei": (2, 60, BINARY_SI),
}
_DEC_SUFFIX_BY_EXP = {e: s for s, (b, e, f) in _SUFFIXES.items() if b == 10}
_BIN_SUFFIX_BY_EXP = {e // 10: s for s, (b, e, f) in _SUFFIXES.items() if b == 2}
_BIN_SUFFIX_BY_EXP[0] = ""


class QuantityError(ValueError):
    """A string that is not a quantity; ``str()`` is the apimachinery error text."""


def _split(s: str) -> tuple[bool, str, str, str, str]:
    """Scan ``s`` like ``parseQuantityString``: (positive, value, num, denom, suffix)."""
    positive = True
    pos = 0
    end = len(s)
    if pos < end and s[0] in "+-":
        positive = s[0] != "-"
        pos += 1
    while pos < end and s[pos] == "0":
        pos += 1
    if pos >= end:
        return positive, "0", "0", "", ""
    start = pos
    while pos < end and s[pos] in _DIGITS:
        pos += 1
    num = s[start:pos]
    if pos >= end:
        return positive, s, num, "", ""
    if not num:
        num = "0"
    denom = ""
    if s[pos] == ".":
        pos += 1
        start = pos
        while pos < end and s[pos] in _DIGITS:
            pos += 1
        denom = s[start:pos]
        if pos >= end:
            return positive, s, num, denom, ""
    value = s[:pos]
    suffix_start = pos
    while pos < end and s[pos] in _SUFFIX_CHARS:
        pos += 1
    if pos < end and s[pos] in "+-":
        pos += 1
    while pos < end and s[pos] in _DIGITS:
        pos += 1
    if pos < end:
        raise QuantityError(ERR_FORMAT_WRONG)
    return positive, value, num, denom, s[suffix_start:]


def _interpret(suffix: str) -> tuple[int, int, str]:
    """``suffixHandler.interpret``: (base, exponent, format).

    An ``e``/``E`` exponent is read like ``strconv.ParseInt(..., 10, 64)`` (leading zeros
    allowed, out of int64 range is ErrSuffix) and then truncated to int32 exactly as
    upstream's ``int32(parsed)`` does, so ``1e4294967296`` is ``1`` there and here.
    """
    hit = _SUFFIXES.get(suffix)
    if hit is not None:
        return hit
    if len(suffix) > 1 and suffix[0] in "eE":
        body = suffix[1:]
        sign = -1 if body[0] == "-" else 1
        digits = body[1:] if body[0] in "+-" else body
        if digits and all(c in _DIGITS for c in digits):
            significant = digits.lstrip("0")
            if len(significant) <= 19:  # never int() an unbounded string
                exp = sign * int(significant or "0")
                if -(2**63) <= exp < 2**63:
                    return 10, (exp + 2**31) % 2**32 - 2**31, DECIMAL_EXPONENT
    raise QuantityError(ERR_SUFFIX)


class QuantityTooLarge(QuantityError):
    """A well-formed quantity whose magnitude drakit refuses to represent (see ``MAX_DIGITS``)."""


#: drakit represents quantities exactly below 10**MAX_DIGITS in magnitude. apimachinery has
#: no such bound: ``ParseQuantity("1e9999999")`` succeeds (inf.Dec, ~1 s of big-integer
#: work), and formatting the value (``String()`` -> ``removeBigIntFactors``) then costs CPU
#: quadratic in the exponent: about a second at 1e100000, hours at 1e9999999, so a real
#: API server never answers such a write within its request timeout. apimachinery's own
#: documentation promises nothing beyond 2^63-1. Values this large have no use, so drakit
#: refuses them with a one-line cause instead of hanging (issue 13 item 3).
MAX_DIGITS: Final = 1000
ERR_TOO_LARGE: Final = (
    f"drakit refuses quantities of 1e{MAX_DIGITS} or more in magnitude (apimachinery accepts "
    "them but needs minutes to hours of CPU to print them); use a smaller value")
#: significant digits drakit reads exactly for a BinarySI mantissa (Python's int() limit is 4300)
_MAX_BINARY_DIGITS: Final = 4000


def _exact_value(digits: str, k: int, base: int, exponent: int) -> Fraction | None:
    """``int(digits) * 10**k * base**exponent`` rounded up to nano; None for zero.

    ``digits`` has no leading or trailing zeros (``k`` is the exponent of its last
    digit). The work is bounded for any input length; raises QuantityTooLarge beyond
    ``MAX_DIGITS``.
    """
    if not digits:
        return None
    top = len(digits) + k  # value < 10**top (times the binary factor)
    if base == 2:
        if top > 20:  # >= 10**20 before the factor: over MaxInt64, capped by the caller
            return Fraction(_MAX_BINARY + 1)
        if top + 19 <= -9:  # below 1e-9 even times 2**60: rounds up to 1n
            return _NANO
        if len(digits) > _MAX_BINARY_DIGITS:
            raise QuantityTooLarge(ERR_TOO_LARGE)
        return _round_up_nano(Fraction(int(digits) * 2**exponent) * Fraction(10) ** k)
    k += exponent
    top += exponent
    if top > MAX_DIGITS:
        raise QuantityTooLarge(ERR_TOO_LARGE)
    if top <= -9:  # 0 < value < 1e-9: RoundUp to nano gives 1n
        return _NANO
    if k >= -9:
        return Fraction(int(digits) * 10**k) if k >= 0 else Fraction(int(digits), 10**-k)
    # more than nano precision: keep the digits down to 1e-9, round up if any digit is dropped
    keep = top + 9
    head, tail = digits[:keep], digits[keep:]
    nanos = int(head) + (1 if tail.strip("0") else 0)
    return Fraction(nanos, 10**9)


def _round_up_nano(v: Fraction) -> Fraction:
    """Round away from zero to a multiple of 1e-9 (``inf.RoundUp`` at scale 9)."""
    scaled = v * 10**9
    if scaled.denominator == 1:
        return v
    mag = math.ceil(abs(scaled))
    return Fraction(mag if v > 0 else -mag, 10**9)


def _ceil_away(v: Fraction) -> int:
    """Round to an integer away from zero (``ScaledValue`` semantics)."""
    if v.denominator == 1:
        return int(v)
    return math.ceil(v) if v > 0 else math.floor(v)


def parse_quantity(s: str) -> Quantity:
    """Parse a Kubernetes quantity string (``ParseQuantity``).

    Work is linear in ``len(s)`` for every input; a well-formed quantity of 1e1000 or
    more in magnitude raises :class:`QuantityTooLarge` (see ``MAX_DIGITS``).
    """
    if not isinstance(s, str):
        raise QuantityError(ERR_FORMAT_WRONG)
    if s == "":
        raise QuantityError(ERR_FORMAT_WRONG)
    if s == "0":
        return Quantity(Fraction(0), DECIMAL_SI, "0")
    positive, value, num, denom, suffix = _split(s)
    base, exponent, fmt = _interpret(suffix)

    # Upstream's int64 fast path keeps the input text as the cached string when it is
    # already canonical; String()/MarshalJSON then echo it (e.g. "1e3", "+1", "1Ki").
    keep_text = False
    if fmt in (DECIMAL_SI, DECIMAL_EXPONENT):
        precision = 18 - (len(num) + len(denom))
        scale = exponent
    else:
        if exponent >= 0 and not denom:
            precision = 15 - len(num) - int(exponent * 3 / 10) - 1
        else:
            precision = -1
        scale = 0
    if precision >= 0:
        scale -= len(denom)
        if scale >= -9:
            shifted = num + denom
            ival = int(shifted)
            if fmt == BINARY_SI:
                keep_text = (ival & 0x07) != 0
            else:
                keep_text = scale % 3 == 0 and not shifted.endswith("000") and shifted[0] != "0"

    # Exact value: the digits of ``value`` (sign, leading zeros and the point removed)
    # times 10**-len(fraction) times base**exponent, rounded up to nano.
    body = value.lstrip("+-")
    whole, _, frac = body.partition(".")
    digits = (whole + frac).lstrip("0")
    stripped = digits.rstrip("0")
    k = len(digits) - len(stripped) - len(frac)  # exponent of the last significant digit
    amount = _exact_value(stripped, k, base, exponent) or Fraction(0)
    if fmt == BINARY_SI and amount > _MAX_BINARY:
        amount = Fraction(_MAX_BINARY)
        keep_text = False
    if fmt == BINARY_SI and 0 < amount < 1:
        fmt = DECIMAL_SI
    if not positive:
        amount = -amount
    return Quantity(amount, fmt, s if keep_text else None)


class Quantity:
    """An immutable, exact Kubernetes quantity with its display format."""

    __slots__ = ("_format", "_s", "_value")

    _value: Fraction
    _format: str
    _s: str | None

    def __init__(self, value: Fraction | int, format: str = DECIMAL_SI, _text: str | None = None):
        if format not in (BINARY_SI, DECIMAL_SI, DECIMAL_EXPONENT):
            raise ValueError(f"unknown quantity format {format!r}")
        object.__setattr__(self, "_value", Fraction(value))
        object.__setattr__(self, "_format", format)
        object.__setattr__(self, "_s", _text)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Quantity is immutable")

    # -- construction ---------------------------------------------------------
    @classmethod
    def of(cls, x: Quantity | str | float | Fraction, format: str = DECIMAL_SI) -> Quantity:
        """A quantity from a string, int, float, Fraction or Quantity.

        Floats go through their shortest ``repr`` (as a YAML/JSON number would) and are
        then parsed like a string, so ``Quantity.of(0.1)`` is ``100m``.
        """
        if isinstance(x, Quantity):
            return x
        if isinstance(x, str):
            return parse_quantity(x)
        if isinstance(x, bool):
            raise QuantityError(ERR_FORMAT_WRONG)
        if isinstance(x, int):
            return cls(Fraction(x), format)
        if isinstance(x, float):
            if not math.isfinite(x):
                raise QuantityError(ERR_FORMAT_WRONG)
            text = repr(x)
            if "e" in text:
                text = format_float(x)
            return cls(parse_quantity(text)._value, format)
        if isinstance(x, Fraction):
            return cls(_round_up_nano(x) if x != 0 else x, format)
        raise TypeError(f"cannot make a Quantity from {type(x).__name__}")

    # -- accessors ------------------------------------------------------------
    @property
    def format(self) -> str:
        return self._format

    @property
    def exact(self) -> Fraction:
        """The exact value."""
        return self._value

    def is_zero(self) -> bool:
        return self._value == 0

    def sign(self) -> int:
        return (self._value > 0) - (self._value < 0)

    def as_int(self) -> int | None:
        """The value as an int when it is integral, else None (like ``AsInt64``'s ok)."""
        return int(self._value) if self._value.denominator == 1 else None

    def value(self) -> int:
        """``Value()``: rounded up to an integer, away from zero."""
        return _ceil_away(self._value)

    def milli_value(self) -> int:
        """``MilliValue()``: value × 1000 rounded up, away from zero."""
        return _ceil_away(self._value * 1000)

    def scaled_value(self, scale: int) -> int:
        """``ScaledValue(scale)``: value / 10^scale rounded away from zero."""
        return _ceil_away(self._value / Fraction(10) ** scale)

    def as_approximate_float(self) -> float:
        return float(self._value)

    def with_format(self, format: str) -> Quantity:
        return Quantity(self._value, format)

    # -- arithmetic -----------------------------------------------------------
    def _coerce(self, other: object) -> Quantity | None:
        if isinstance(other, Quantity):
            return other
        if isinstance(other, (int, Fraction)) and not isinstance(other, bool):
            return Quantity(Fraction(other), self._format)
        if isinstance(other, str):
            return parse_quantity(other)
        return None

    def __add__(self, other: object) -> Quantity:
        o = self._coerce(other)
        if o is None:
            return NotImplemented
        fmt = o._format if self._value == 0 else self._format  # Quantity.Add
        return Quantity(self._value + o._value, fmt)

    def __radd__(self, other: object) -> Quantity:
        if other == 0 and not isinstance(other, Quantity):  # sum() support
            return self
        o = self._coerce(other)
        if o is None:
            return NotImplemented
        return o.__add__(self)

    def __sub__(self, other: object) -> Quantity:
        o = self._coerce(other)
        if o is None:
            return NotImplemented
        fmt = o._format if self._value == 0 else self._format  # Quantity.Sub
        return Quantity(self._value - o._value, fmt)

    def __rsub__(self, other: object) -> Quantity:
        o = self._coerce(other)
        if o is None:
            return NotImplemented
        return o.__sub__(self)

    def __mul__(self, other: object) -> Quantity:
        """Multiply by an int, Fraction or Quantity; the left format is kept.

        Products are rounded up to nano precision (like a parsed quantity) so every
        result has a canonical string; integer multipliers are always exact.
        """
        if isinstance(other, Quantity):
            factor = other._value
        elif isinstance(other, (int, Fraction)) and not isinstance(other, bool):
            factor = Fraction(other)
        else:
            return NotImplemented
        v = self._value * factor
        return Quantity(_round_up_nano(v) if v != 0 else v, self._format)

    __rmul__ = __mul__

    def __neg__(self) -> Quantity:
        return Quantity(-self._value, self._format)

    def __pos__(self) -> Quantity:
        return self

    def __abs__(self) -> Quantity:
        return Quantity(abs(self._value), self._format)

    # -- comparison -----------------------------------------------------------
    def cmp(self, other: Quantity | int | str) -> int:
        o = self._coerce(other)
        if o is None:
            raise TypeError(f"cannot compare Quantity with {type(other).__name__}")
        return (self._value > o._value) - (self._value < o._value)

    def _val(self, other: object) -> Fraction | None:
        if isinstance(other, Quantity):
            return other._value
        if isinstance(other, (int, Fraction)) and not isinstance(other, bool):
            return Fraction(other)
        return None

    def __eq__(self, other: object) -> bool:
        v = self._val(other)
        return NotImplemented if v is None else self._value == v

    def __lt__(self, other: object) -> bool:
        v = self._val(other)
        return NotImplemented if v is None else self._value < v

    def __le__(self, other: object) -> bool:
        v = self._val(other)
        return NotImplemented if v is None else self._value <= v

    def __gt__(self, other: object) -> bool:
        v = self._val(other)
        return NotImplemented if v is None else self._value > v

    def __ge__(self, other: object) -> bool:
        v = self._val(other)
        return NotImplemented if v is None else self._value >= v

    def __hash__(self) -> int:
        return hash(self._value)

    def __bool__(self) -> bool:
        return self._value != 0

    # -- formatting -----------------------------------------------------------
    def __str__(self) -> str:
        if self._s is not None:
            return self._s
        return canonical_string(self._value, self._format)

    def __repr__(self) -> str:
        return f"Quantity({str(self)!r})"

    def canonical(self) -> str:
        """The canonical string, ignoring any cached original text."""
        return canonical_string(self._value, self._format)

    def __reduce__(self) -> tuple:
        return (Quantity, (self._value, self._format, self._s))

    def __copy__(self) -> Quantity:
        return self

    def __deepcopy__(self, memo: dict) -> Quantity:
        return self


def _int_text(n: int) -> str:
    """``str(n)`` for n >= 0 without Python's 4300-digit conversion limit (products and
    sums of large quantities can exceed it; parsing never produces such values)."""
    try:
        return str(n)
    except ValueError:
        chunk = 10**4000
        parts: list[str] = []
        while n >= chunk:
            n, low = divmod(n, chunk)
            parts.append(str(low).zfill(4000))
        return str(n) + "".join(reversed(parts))


def _decimal_parts(v: Fraction) -> tuple[int, int]:
    """(mantissa, exponent) with mantissa free of factors of 10 and v == m × 10^e.

    ``v`` must have a terminating decimal expansion (denominator 2^a 5^b). Linear in the
    number of digits (trailing zeros are counted on the text, not by repeated division).
    """
    num, den = v.numerator, v.denominator
    if num == 0:
        return 0, 0
    twos = (den & -den).bit_length() - 1
    d = den >> twos
    fives = 0
    while d % 5 == 0:
        d //= 5
        fives += 1
    if d != 1:
        raise ValueError("value has no finite decimal expansion")
    k = max(twos, fives)
    num = num * (10**k // den)
    text = _int_text(abs(num))
    body = text.rstrip("0")
    zeros = len(text) - len(body)
    mant = int(body) if len(body) < 4000 else num // 10**zeros
    return (mant if num > 0 else -mant), zeros - k


def canonical_string(v: Fraction, fmt: str) -> str:
    """``CanonicalizeBytes`` for an exact value and a format."""
    if v == 0:
        return "0"
    if fmt == BINARY_SI:
        if -1024 < v < 1024 or v.denominator != 1:
            fmt = DECIMAL_SI
        else:
            n = int(v)
            exp = 0
            while n % 1024 == 0 and exp < 6:
                n //= 1024
                exp += 1
            return f"{_signed_text(n)}{_BIN_SUFFIX_BY_EXP[exp]}"
    if v.denominator != 1 and (v * 10**9).denominator != 1:
        v = _round_up_nano(v)
    mant, exp = _decimal_parts(v)
    while exp % 3 != 0:
        mant *= 10
        exp -= 1
    if fmt == DECIMAL_EXPONENT:
        return f"{_signed_text(mant)}e{exp}" if exp else _signed_text(mant)
    if exp > 18:  # beyond "E"; upstream has no suffix here, keep the value right
        mant *= 10 ** (exp - 18)
        exp = 18
    return f"{_signed_text(mant)}{_DEC_SUFFIX_BY_EXP[exp]}"


def _signed_text(n: int) -> str:
    return "-" + _int_text(-n) if n < 0 else _int_text(n)


def format_float(x: float) -> str:
    """Plain decimal text of a float's shortest repr (no exponent)."""
    from decimal import Decimal

    return format(Decimal(repr(x)), "f")
