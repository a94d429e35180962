// Package api serves the store finder's endpoints.
package api

import (
	"encoding/json"
	"net/http"
	"sort"

	"example.com/storefinder/internal/geo"
)

// Store is one shop.
type Store struct {
	Name     string    `json:"name"`
	Location geo.Point `json:"location"`
}

// NearestHandler answers /nearest?postcode=... with the five nearest stores.
func NearestHandler(g geo.Geocoder, stores []Store) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		postcode := r.URL.Query().Get("postcode")
		if postcode == "" {
			http.Error(w, "postcode is required", http.StatusBadRequest)
			return
		}
		point, err := g.Geocode(r.Context(), postcode)
		if err != nil {
			http.Error(w, "geocoding failed", http.StatusBadGateway)
			return
		}
		result := append([]Store(nil), stores...)
		sort.Slice(result, func(i, j int) bool {
			return geo.DistanceKm(point, result[i].Location) < geo.DistanceKm(point, result[j].Location)
		})
		if len(result) > 5 {
			result = result[:5]
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(result)
	}
}
