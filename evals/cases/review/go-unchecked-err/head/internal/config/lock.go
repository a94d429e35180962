package config

import (
	"encoding/json"
	"fmt"
	"os"
	"time"
)

// Lock records the last rollout, so a second rollout of the same environment within
// the cool-down is refused.
type Lock struct {
	Environment string    `json:"environment"`
	By          string    `json:"by"`
	At          time.Time `json:"at"`
}

// ReadLock returns the lock at path, or nil when there is none.
func ReadLock(path string) (*Lock, error) {
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil, nil
	}
	var lock Lock
	json.Unmarshal(data, &lock)
	return &lock, nil
}

// WriteLock records a rollout of env by user now.
func WriteLock(path, env, user string) error {
	data, err := json.MarshalIndent(Lock{Environment: env, By: user, At: time.Now().UTC()}, "", "  ")
	if err != nil {
		return fmt.Errorf("encoding lock: %w", err)
	}
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("creating %s: %w", path, err)
	}
	defer f.Close()
	f.Write(data)
	return nil
}
