package health

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
)

func get(t *testing.T, h http.Handler) (int, map[string]any) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/readyz", nil))
	var body map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
		t.Fatalf("body is not JSON: %v", err)
	}
	return rec.Code, body
}

func TestReadinessBeforeWarmUp(t *testing.T) {
	code, body := get(t, Readiness(func() bool { return false }))
	if code != http.StatusServiceUnavailable || body["status"] != "starting" {
		t.Fatalf("got %d %v, want 503 starting", code, body)
	}
}

func TestReadinessNamesFailedChecks(t *testing.T) {
	ok := Check{Name: "cache", Run: func(context.Context) error { return nil }}
	down := Check{Name: "db", Run: func(context.Context) error { return errors.New("refused") }}
	code, body := get(t, Readiness(func() bool { return true }, ok, down))
	if code != http.StatusServiceUnavailable || body["status"] != "degraded" {
		t.Fatalf("got %d %v, want 503 degraded", code, body)
	}
	failed, _ := body["failed"].([]any)
	if len(failed) != 1 || failed[0] != "db" {
		t.Fatalf("failed = %v, want [db]", body["failed"])
	}
}

func TestReadinessAllChecksPass(t *testing.T) {
	ok := Check{Name: "db", Run: func(context.Context) error { return nil }}
	code, body := get(t, Readiness(func() bool { return true }, ok))
	if code != http.StatusOK || body["status"] != "ready" {
		t.Fatalf("got %d %v, want 200 ready", code, body)
	}
}
