// Package health serves the liveness and readiness endpoints.
package health

import (
	"context"
	"encoding/json"
	"net/http"
	"time"
)

// Check is one dependency check of the readiness endpoint (database, cache, ...).
type Check struct {
	Name string
	Run  func(ctx context.Context) error
}

// CheckTimeout bounds each dependency check, so a hanging dependency cannot hang the probe.
const CheckTimeout = 2 * time.Second

// Liveness answers 200 as long as the process serves HTTP.
func Liveness(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/plain")
	_, _ = w.Write([]byte("ok"))
}

// Readiness answers 200 when ready() is true and every check passes, and 503 otherwise,
// naming the failed checks.
func Readiness(ready func() bool, checks ...Check) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		status := http.StatusOK
		body := map[string]any{"status": "ready"}
		if !ready() {
			status = http.StatusServiceUnavailable
			body["status"] = "starting"
		} else if failed := runChecks(r.Context(), checks); len(failed) > 0 {
			status = http.StatusServiceUnavailable
			body["status"] = "degraded"
			body["failed"] = failed
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_ = json.NewEncoder(w).Encode(body)
	}
}

// runChecks runs the checks one after another and returns the names of those that failed.
func runChecks(ctx context.Context, checks []Check) []string {
	failed := []string{}
	for _, check := range checks {
		checkCtx, cancel := context.WithTimeout(ctx, CheckTimeout)
		err := check.Run(checkCtx)
		cancel()
		if err != nil {
			failed = append(failed, check.Name)
		}
	}
	return failed
}
