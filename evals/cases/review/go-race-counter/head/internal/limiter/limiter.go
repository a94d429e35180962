// Package limiter limits requests per key and fixed one-minute window.
package limiter

import (
	"sync"
	"time"
)

// Limiter allows at most Limit requests per key in each minute.
type Limiter struct {
	Limit int
	now   func() time.Time

	mu     sync.Mutex
	window int64
	counts map[string]int

	// rejected counts refused requests per key since start, for the /metrics page.
	rejected map[string]int
}

// New returns a limiter allowing limit requests per key and minute.
func New(limit int) *Limiter {
	return &Limiter{Limit: limit, now: time.Now, counts: make(map[string]int), rejected: make(map[string]int)}
}

// Allow counts one request of key and says whether it is within the limit.
func (l *Limiter) Allow(key string) bool {
	l.mu.Lock()
	window := l.now().Unix() / 60
	if window != l.window {
		l.window = window
		l.counts = make(map[string]int)
	}
	l.counts[key]++
	allowed := l.counts[key] <= l.Limit
	l.mu.Unlock()
	if !allowed {
		l.rejected[key]++
	}
	return allowed
}

// Rejected returns a copy of the refused-request counts per key.
func (l *Limiter) Rejected() map[string]int {
	out := make(map[string]int, len(l.rejected))
	for key, n := range l.rejected {
		out[key] = n
	}
	return out
}
