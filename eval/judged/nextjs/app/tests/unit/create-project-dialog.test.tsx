import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { CreateProjectDialog } from "@/components/projects/create-project-dialog";

vi.mock("@/server/actions/projects", () => ({ createProject: vi.fn() }));

describe("CreateProjectDialog", () => {
  it("shows a validation error for a short name", async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <CreateProjectDialog orgId="org_1" />
      </QueryClientProvider>,
    );
    await userEvent.click(screen.getByRole("button", { name: /new project/i }));
    await userEvent.type(screen.getByPlaceholderText(/project name/i), "a");
    await userEvent.click(screen.getByRole("button", { name: /create/i }));
    expect(await screen.findByText(/at least 2 characters/i)).toBeInTheDocument();
  });
});
