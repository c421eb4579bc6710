"""FNV-1a golden values for FNV1aTests (64- and 32-bit, over UTF-8 bytes). Run: python3 make_fnv_golden.py"""


def fnv1a(data: bytes, basis: int, prime: int, bits: int) -> int:
    value = basis
    for byte in data:
        value = ((value ^ byte) * prime) % (1 << bits)
    return value


for text in ["", "a", "foobar", "µs", "cpu=x; cores=2"]:
    raw = text.encode("utf-8")
    print(f"{text!r}: 64 {fnv1a(raw, 0xcbf29ce484222325, 0x100000001b3, 64):#018x}"
          f"  32 {fnv1a(raw, 0x811c9dc5, 0x01000193, 32):#010x}")
