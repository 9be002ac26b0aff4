<?php

namespace App\Policies;

use App\Models\Project;
use App\Models\User;

class ProjectPolicy
{
    public function viewAny(User $user): bool
    {
        return true;
    }

    public function view(User $user, Project $project): bool
    {
        return $user->isAgencyStaff() || $user->client_id === $project->client_id;
    }

    public function create(User $user): bool
    {
        return $user->hasRole('chef-de-projet');
    }

    public function update(User $user, Project $project): bool
    {
        return $user->isAgencyStaff() && $user->hasRole('chef-de-projet');
    }
}
