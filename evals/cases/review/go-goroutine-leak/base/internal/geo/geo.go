// Package geo geocodes postcodes and measures distances.
package geo

import (
	"context"
	"math"
)

// Point is a WGS84 coordinate.
type Point struct {
	Lat, Lon float64
}

// Geocoder turns a postcode into a point.
type Geocoder interface {
	Geocode(ctx context.Context, postcode string) (Point, error)
}

// DistanceKm is the great-circle distance between a and b.
func DistanceKm(a, b Point) float64 {
	const earthRadiusKm = 6371.0
	toRad := func(deg float64) float64 { return deg * math.Pi / 180 }
	dLat := toRad(b.Lat - a.Lat)
	dLon := toRad(b.Lon - a.Lon)
	h := math.Sin(dLat/2)*math.Sin(dLat/2) +
		math.Cos(toRad(a.Lat))*math.Cos(toRad(b.Lat))*math.Sin(dLon/2)*math.Sin(dLon/2)
	return 2 * earthRadiusKm * math.Asin(math.Sqrt(h))
}
