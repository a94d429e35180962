package geo

import (
	"context"
	"errors"
	"time"
)

// ErrTimeout is returned when the provider does not answer in time.
var ErrTimeout = errors.New("geocoding timed out")

type result struct {
	point Point
	err   error
}

// WithTimeout wraps g so that a slow provider cannot hold a request longer than limit.
func WithTimeout(g Geocoder, limit time.Duration) Geocoder {
	return timeoutGeocoder{inner: g, limit: limit}
}

type timeoutGeocoder struct {
	inner Geocoder
	limit time.Duration
}

func (t timeoutGeocoder) Geocode(ctx context.Context, postcode string) (Point, error) {
	done := make(chan result)
	go func() {
		point, err := t.inner.Geocode(context.Background(), postcode)
		done <- result{point, err}
	}()
	select {
	case r := <-done:
		return r.point, r.err
	case <-time.After(t.limit):
		return Point{}, ErrTimeout
	case <-ctx.Done():
		return Point{}, ctx.Err()
	}
}
