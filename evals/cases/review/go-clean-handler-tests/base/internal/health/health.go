// Package health serves the liveness and readiness endpoints.
package health

import (
	"encoding/json"
	"net/http"
)

// Liveness answers 200 as long as the process serves HTTP.
func Liveness(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/plain")
	_, _ = w.Write([]byte("ok"))
}

// Readiness answers 200 when ready() is true and 503 otherwise.
func Readiness(ready func() bool) http.HandlerFunc {
	return func(w http.ResponseWriter, _ *http.Request) {
		status := http.StatusOK
		body := map[string]string{"status": "ready"}
		if !ready() {
			status = http.StatusServiceUnavailable
			body["status"] = "starting"
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_ = json.NewEncoder(w).Encode(body)
	}
}
