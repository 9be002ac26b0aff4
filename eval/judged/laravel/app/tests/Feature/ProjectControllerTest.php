<?php

use App\Models\Client;
use App\Models\Project;
use Inertia\Testing\AssertableInertia as Assert;

it('lists projects for agency staff', function () {
    actingAsChefDeProjet();
    Project::factory()->count(3)->create();

    $this->get(route('projects.index'))
        ->assertOk()
        ->assertInertia(fn (Assert $page) => $page
            ->component('Projects/Index')
            ->has('projects.data', 3));
});

it('creates a project', function () {
    actingAsChefDeProjet();
    $client = Client::factory()->create();

    $this->post(route('projects.store'), [
        'client_id' => $client->id,
        'name' => 'Refonte du site vitrine',
        'status' => 'draft',
    ])->assertRedirect();

    expect(Project::where('name', 'Refonte du site vitrine')->exists())->toBeTrue();
});
