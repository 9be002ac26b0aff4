#!/usr/bin/env python3
"""Flash the firmware through the ST-LINK (st-flash) or the serial bootloader (stm32flash)."""
import subprocess
import sys

import click


@click.command()
@click.argument("binary", type=click.Path(exists=True))
@click.option("--port", default=None, help="serial port for the UART bootloader (BOOT0 high)")
@click.option("--address", default="0x08000000")
def main(binary: str, port: str | None, address: str) -> None:
    if port:
        cmd = ["stm32flash", "-w", binary, "-v", "-g", address, port]
    else:
        cmd = ["st-flash", "--reset", "write", binary, address]
    click.echo(" ".join(cmd))
    sys.exit(subprocess.call(cmd))


if __name__ == "__main__":
    main()
