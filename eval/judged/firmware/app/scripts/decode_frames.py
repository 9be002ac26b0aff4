#!/usr/bin/env python3
"""Decode binary sample frames (SOF 0xA5) read from the gateway UART."""
import struct

import serial

SOF = 0xA5


def crc16_ccitt(data: bytes) -> int:
    crc = 0xFFFF
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else crc << 1
            crc &= 0xFFFF
    return crc


def read_frame(ser: serial.Serial) -> bytes | None:
    if ser.read(1) != bytes([SOF]):
        return None
    hdr = ser.read(2)
    payload = ser.read(hdr[1])
    crc = struct.unpack(">H", ser.read(2))[0]
    return payload if crc == crc16_ccitt(hdr + payload) else None


if __name__ == "__main__":
    with serial.Serial("/dev/ttyUSB0", 115200, timeout=2) as s:
        while True:
            p = read_frame(s)
            if p and len(p) == 16:
                print(struct.unpack("<IiII", p))
