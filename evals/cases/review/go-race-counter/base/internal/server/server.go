// Package server wires the gateway's middleware.
package server

import (
	"net/http"

	"example.com/apigw/internal/limiter"
)

// Handler authenticates by X-Api-Key and rate-limits per key before calling next.
func Handler(keys map[string]string, l *limiter.Limiter, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key := r.Header.Get("X-Api-Key")
		partner, ok := keys[key]
		if !ok {
			http.Error(w, "unknown API key", http.StatusUnauthorized)
			return
		}
		if !l.Allow(key) {
			w.Header().Set("Retry-After", "60")
			http.Error(w, "rate limit exceeded", http.StatusTooManyRequests)
			return
		}
		r.Header.Set("X-Partner", partner)
		next.ServeHTTP(w, r)
	})
}
