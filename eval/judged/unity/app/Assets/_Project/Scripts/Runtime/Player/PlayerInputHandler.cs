using UnityEngine;
using UnityEngine.InputSystem;
using Skyward.Input;

namespace Skyward.Player
{
    public sealed class PlayerInputHandler : MonoBehaviour, SkywardControls.IGameplayActions
    {
        private SkywardControls _controls;
        private bool _jumpQueued;

        public Vector2 Move { get; private set; }
        public Vector2 Look { get; private set; }

        private void OnEnable()
        {
            _controls ??= new SkywardControls();
            _controls.Gameplay.SetCallbacks(this);
            _controls.Gameplay.Enable();
        }

        private void OnDisable() => _controls.Gameplay.Disable();

        public void OnMove(InputAction.CallbackContext context) => Move = context.ReadValue<Vector2>();
        public void OnLook(InputAction.CallbackContext context) => Look = context.ReadValue<Vector2>();

        public void OnJump(InputAction.CallbackContext context)
        {
            if (context.performed) _jumpQueued = true;
        }

        public bool ConsumeJump()
        {
            bool queued = _jumpQueued;
            _jumpQueued = false;
            return queued;
        }
    }
}
