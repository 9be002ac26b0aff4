#!/usr/bin/env python3
"""Capture the UART log of the board to a file, with host timestamps."""
import datetime

import click
import serial


@click.command()
@click.option("--port", default="/dev/ttyACM0")
@click.option("--baud", default=115200)
@click.option("--out", default="uart.log")
def main(port: str, baud: int, out: str) -> None:
    with serial.Serial(port, baud, timeout=1) as ser, open(out, "a", encoding="utf-8") as f:
        while True:
            line = ser.readline().decode("ascii", errors="replace").rstrip()
            if line:
                stamp = datetime.datetime.now().isoformat(timespec="milliseconds")
                f.write(f"{stamp} {line}\n")
                f.flush()
                click.echo(line)


if __name__ == "__main__":
    main()
