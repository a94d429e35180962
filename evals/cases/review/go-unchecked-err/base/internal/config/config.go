// Package config reads and validates deploy.json.
package config

import (
	"encoding/json"
	"fmt"
	"os"
)

// Service is one service to roll out.
type Service struct {
	Name     string `json:"name"`
	Image    string `json:"image"`
	Replicas int    `json:"replicas"`
}

// Config is the whole deploy.json.
type Config struct {
	Environment string    `json:"environment"`
	Services    []Service `json:"services"`
}

// Load reads and validates the file at path.
func Load(path string) (*Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	var cfg Config
	if err := json.Unmarshal(data, &cfg); err != nil {
		return nil, fmt.Errorf("parsing %s: %w", path, err)
	}
	if err := cfg.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &cfg, nil
}

// Validate checks the fields a rollout needs.
func (c *Config) Validate() error {
	if c.Environment == "" {
		return fmt.Errorf("environment is required")
	}
	for i, s := range c.Services {
		if s.Name == "" || s.Image == "" {
			return fmt.Errorf("services[%d]: name and image are required", i)
		}
		if s.Replicas < 1 {
			return fmt.Errorf("services[%d] (%s): replicas must be at least 1", i, s.Name)
		}
	}
	return nil
}
