"""Great-circle geometry: exact haversine distance and the coarse boxes a spatial index can cut.

A circle of radius r km around (lat, lon) is covered by one or two latitude/longitude boxes:
two when it crosses the antimeridian (±180°), one full-longitude band when it reaches a pole.
The store cuts with the boxes (R*Tree / GiST), then :func:`haversine_km` keeps the exact circle.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

EARTH_RADIUS_KM = 6371.0088
"""Mean Earth radius (IUGG, km), the usual haversine constant."""


def haversine_km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """Great-circle distance in km between two WGS84 points given in degrees."""
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp = p2 - p1
    dl = math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_RADIUS_KM * math.asin(min(1.0, math.sqrt(a)))


@dataclass(frozen=True, slots=True)
class Box:
    """A latitude/longitude box in degrees, bounds inclusive, ``min_lon <= max_lon``."""

    min_lat: float
    max_lat: float
    min_lon: float
    max_lon: float


@dataclass(frozen=True, slots=True)
class Circle:
    """Centre (degrees) and radius (km) of a radius search."""

    lat: float
    lon: float
    radius_km: float

    def contains(self, lat: float, lon: float) -> bool:
        """Exact test: haversine distance ≤ radius."""
        return haversine_km(self.lat, self.lon, lat, lon) <= self.radius_km

    def boxes(self) -> tuple[Box, ...]:
        """Boxes whose union covers the circle (a superset: the coarse index cut).

        Latitude span: ±r/R radians. Longitude half-span: asin(sin(r/R) / cos(lat)), the exact
        tangent meridian (Bronshtein; also in Jan Matuschek, "Finding points within a distance of
        a latitude/longitude using bounding coordinates"), widened by a 1e-9 degree margin.
        """
        ang = self.radius_km / EARTH_RADIUS_KM
        eps = 1e-9
        lat_min = math.degrees(math.radians(self.lat) - ang) - eps
        lat_max = math.degrees(math.radians(self.lat) + ang) + eps
        if lat_max >= 90.0 or lat_min <= -90.0 or ang >= math.pi / 2:
            # A pole is inside: every longitude is reachable.
            return (Box(max(lat_min, -90.0), min(lat_max, 90.0), -180.0, 180.0),)
        cos_lat = math.cos(math.radians(self.lat))
        ratio = math.sin(ang) / cos_lat if cos_lat > 0 else 2.0
        if ratio >= 1.0:
            return (Box(lat_min, lat_max, -180.0, 180.0),)
        dlon = math.degrees(math.asin(ratio)) + eps
        lo, hi = self.lon - dlon, self.lon + dlon
        if lo < -180.0:
            return (Box(lat_min, lat_max, lo + 360.0, 180.0), Box(lat_min, lat_max, -180.0, hi))
        if hi > 180.0:
            return (Box(lat_min, lat_max, lo, 180.0), Box(lat_min, lat_max, -180.0, hi - 360.0))
        return (Box(lat_min, lat_max, lo, hi),)
