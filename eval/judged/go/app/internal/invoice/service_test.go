package invoice

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestCreate_RequiresLines(t *testing.T) {
	s := NewService(nil, nil)
	_, err := s.Create(context.Background(), CreateInput{Currency: "EUR"})
	assert.ErrorIs(t, err, ErrValidation)
}
