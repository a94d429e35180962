package main

import (
	"log"
	"net/http"
	"sync/atomic"
	"time"

	"example.com/svc/internal/health"
)

func main() {
	var ready atomic.Bool
	mux := http.NewServeMux()
	mux.HandleFunc("/healthz", health.Liveness)
	mux.Handle("/readyz", health.Readiness(ready.Load))

	go func() {
		// Warm-up: caches, connections. Ready afterwards.
		time.Sleep(2 * time.Second)
		ready.Store(true)
	}()

	server := &http.Server{Addr: ":8080", Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	log.Fatal(server.ListenAndServe())
}
