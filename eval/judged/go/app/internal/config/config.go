package config

import "github.com/kelseyhightower/envconfig"

type Config struct {
	Port          string `envconfig:"APP_PORT" default:"8080"`
	Env           string `envconfig:"APP_ENV" default:"development"`
	DatabaseURL   string `envconfig:"DATABASE_URL" required:"true"`
	LogLevel      string `envconfig:"LOG_LEVEL" default:"info"`
	JWTSigningKey string `envconfig:"JWT_SIGNING_KEY" required:"true"`
}

func Load() (Config, error) {
	var c Config
	err := envconfig.Process("", &c)
	return c, err
}
