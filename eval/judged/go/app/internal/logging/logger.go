package logging

import (
	"os"

	"github.com/rs/zerolog"
)

func New(level, env string) zerolog.Logger {
	lvl, err := zerolog.ParseLevel(level)
	if err != nil {
		lvl = zerolog.InfoLevel
	}
	var l zerolog.Logger
	if env == "development" {
		l = zerolog.New(zerolog.ConsoleWriter{Out: os.Stdout})
	} else {
		l = zerolog.New(os.Stdout)
	}
	return l.Level(lvl).With().Timestamp().Str("service", "invoicer").Logger()
}
