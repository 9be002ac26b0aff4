<?php

namespace Database\Factories;

use App\Enums\ProjectStatus;
use App\Models\Client;
use Illuminate\Database\Eloquent\Factories\Factory;

class ProjectFactory extends Factory
{
    public function definition(): array
    {
        return [
            'client_id' => Client::factory(),
            'name' => fake('fr_FR')->catchPhrase(),
            'status' => ProjectStatus::Draft,
            'budget_cents' => fake()->numberBetween(100_000, 5_000_000),
            'starts_on' => now()->subMonth(),
            'due_on' => now()->addMonths(2),
        ];
    }
}
