<?php

namespace Database\Factories;

use App\Models\Client;
use Illuminate\Database\Eloquent\Factories\Factory;

class InvoiceFactory extends Factory
{
    public function definition(): array
    {
        return [
            'client_id' => Client::factory(),
            'number' => 'F-'.now()->format('Y').'-'.fake()->unique()->numerify('####'),
            'amount_ht_cents' => fake()->numberBetween(50_000, 2_000_000),
            'vat_rate' => 20,
            'issued_on' => now(),
            'due_on' => now()->addDays(30),
        ];
    }

    public function overdue(): static
    {
        return $this->state(fn () => ['issued_on' => now()->subDays(60), 'due_on' => now()->subDays(30)]);
    }
}
